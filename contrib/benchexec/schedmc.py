# This file is part of schedmc, a software model checker for concurrent embedded C.
# SPDX-License-Identifier: GPL-3.0-or-later
"""BenchExec tool-info module for schedmc.

Install it as ``benchexec/tools/schedmc.py`` (see README.md beside this file) and use
``<benchmark tool="schedmc" ...>``. schedmc is run as

    schedmc verify --svcomp [--property P] [--data-model M] [--timeout T] OPTIONS FILE

and in ``--svcomp`` mode its last line of output is ``TRUE``, ``FALSE(unreach-call)`` or
``UNKNOWN``.
"""

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """schedmc: predicate abstraction, BMC/k-induction and ESST for (concurrent) embedded C."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("schedmc")

    def name(self):
        return "schedmc"

    def project_url(self):
        return None

    def version(self, executable):
        # `schedmc --version` prints e.g. "schedmc 0.1.0"
        return self._version_from_tool(executable, line_prefix="schedmc")

    def cmdline(self, executable, options, task, rlimits):
        if len(task.input_files) != 1:
            raise benchexec.tools.template.UnsupportedFeatureException(
                "schedmc verifies exactly one input file"
            )
        cmd = [executable, "verify", "--svcomp"]
        if task.property_file:
            cmd += ["--property", task.property_file]
        data_model = None
        if isinstance(task.options, dict):
            data_model = task.options.get("data_model")
        if data_model is None and task.property_file:
            # SV-COMP tasks without options (format 1.x) are 32-bit
            data_model = "ILP32"
        if data_model is not None:
            cmd += ["--data-model", data_model]
        if rlimits.cputime and "--timeout" not in options:
            cmd += ["--timeout", str(rlimits.cputime)]
        return cmd + list(options) + [task.single_input_file]

    def determine_result(self, run):
        lines = [line.strip() for line in run.output if line.strip()]
        if not lines:
            return result.RESULT_ERROR
        last = lines[-1]
        if last == "TRUE":
            return result.RESULT_TRUE_PROP
        if last == "FALSE(unreach-call)":
            return result.RESULT_FALSE_REACH
        if last == "UNKNOWN" or last.startswith("UNKNOWN"):
            return result.RESULT_UNKNOWN
        return f"{result.RESULT_ERROR} ({last[:40]})"
