"""Run SKiDL's electrical rules check and return its findings instead of printing them."""

import logging
from dataclasses import dataclass, field

from . import domains
from .skidl_env import erc_logger


@dataclass
class ErcReport:
    errors: list = field(default_factory=list)
    warnings: list = field(default_factory=list)

    def __str__(self):
        lines = [f"ERC: {len(self.errors)} errors, {len(self.warnings)} warnings"]
        lines += [f"  error: {m}" for m in self.errors] + [f"  warning: {m}" for m in self.warnings]
        return "\n".join(lines)


class _Collector(logging.Handler):
    def __init__(self, report):
        super().__init__(logging.WARNING)
        self.report = report

    def emit(self, record):
        bucket = self.report.errors if record.levelno >= logging.ERROR else self.report.warnings
        bucket.append(record.getMessage())


def run(circuit):
    """SKiDL's ERC and the voltage-domain checks on `circuit`; the report lists every finding."""
    report = ErcReport()
    handler = _Collector(report)
    erc_logger.addHandler(handler)
    try:
        circuit.ERC()
    finally:
        erc_logger.removeHandler(handler)
    report.errors += domains.check(circuit)
    return report
