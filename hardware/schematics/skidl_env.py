"""Import SKiDL quietly and without litter.

On import SKiDL opens `<script>.log` / `<script>.erc` in the working directory
and warns about KiCad symbol directories we deliberately do not use (only its
bundled SKiDL-format libraries are needed). So: import it from an empty
temporary directory with stderr captured, drop its log files, then point its
terminal handlers back at the real stderr, showing errors only. Each process
keeps SKiDL's part-library pickles in a directory of its own: on a fresh
machine two test workers building a circuit at once would otherwise read a
pickle the other is still writing (EOFError).
"""

import atexit
import contextlib
import io
import logging
import os
import shutil
import sys
import tempfile

with tempfile.TemporaryDirectory() as _tmp, contextlib.redirect_stderr(io.StringIO()):
    _cwd = os.getcwd()
    os.chdir(_tmp)
    try:
        import skidl
        from skidl.logger import erc_logger, rt_logger, stop_log_file_output

        stop_log_file_output()
    finally:
        os.chdir(_cwd)

for _logger in (rt_logger, erc_logger):
    for _h in _logger.handlers:
        if isinstance(_h, logging.StreamHandler):
            _h.setStream(sys.stderr)
            # ERC findings are collected by erc.py; runtime notes about KiCad
            # paths are noise. Real errors still reach the terminal.
            _h.setLevel(logging.ERROR if _logger is rt_logger else logging.CRITICAL)

PICKLES = tempfile.mkdtemp(prefix="skidl-pickles-")
atexit.register(shutil.rmtree, PICKLES, True)
skidl.config.pickle_dir = PICKLES

__all__ = ["skidl", "erc_logger", "rt_logger"]
