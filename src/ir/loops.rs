//! Loop detection: back edges to loop heads in program order, with stable loop ids.
