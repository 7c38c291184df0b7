//! nom parser: tokens to the AST, with typedef names tracked in scope.
