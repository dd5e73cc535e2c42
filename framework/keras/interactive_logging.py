"""Interactive logging (Keras 3's switch): messages and progress bars go to stdout, or to ``logging``.

Off (``disable_interactive_logging()``), what Keras would print (fit's bars,
``get_file``'s messages) goes to the Python logger 'absl' at INFO level
instead, as Keras sends it to ``absl.logging.info``: the way to keep server logs clean.
"""
import sys

from . import absl_warnings

_state = {'interactive': True}


def enable_interactive_logging():
    """Write logs to stdout (the default)."""
    _state['interactive'] = True


def disable_interactive_logging():
    """Send logs to the 'absl' logger (INFO) instead of stdout."""
    _state['interactive'] = False


def is_interactive_logging_enabled():
    """True when logs go to stdout."""
    return _state['interactive']


def print_msg(message, line_break=True, stream=None):
    """Write ``message`` to ``stream`` (stdout) when interactive, else log it at INFO."""
    message = str(message)
    if not _state['interactive']:
        absl_warnings.info(message)     # Keras: io_utils.print_msg's absl.logging.info
        return
    stream = stream or sys.stdout
    message = message + '\n' if line_break else message
    try:
        stream.write(message)
    except UnicodeEncodeError:
        stream.write(_encodable(message, stream))
    stream.flush()


def _encodable(message, stream):
    """``message`` as Keras rewrites it for a stream whose encoding lacks its characters (stdout
    piped with PYTHONIOENCODING=ascii, a cp1252 console): the bar's '━' becomes Keras 2's '=', and
    what is still not encodable is dropped (TF 2.21: '1/2 ==========...' where tapeflow raised)."""
    encoding = getattr(stream, 'encoding', None) or 'utf-8'
    return message.replace('━', '=').encode(encoding, errors='ignore').decode(encoding)
