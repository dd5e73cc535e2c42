"""The program's own frames of a traceback, as Keras 3's traceback filter keeps them.

Keras 3 re-raises an error from a layer's ``call`` as ``e.with_traceback(filtered_tb)``: the frames of
the user's ``call`` and of the functions it called stay, Keras's and TensorFlow's own go. An error
tapeflow rewords in its own words (layers/call_errors) keeps the user's frames this way, so that the
traceback still says which line of ``call`` failed.
"""
import types

from .function_errors import _OWN_DIRS


def user_traceback(tb):
    """A traceback of ``tb``'s frames outside tapeflow's packages, outermost first; None when none is left."""
    kept = []
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_OWN_DIRS):
            kept.append(tb)
        tb = tb.tb_next
    chain = None
    for step in reversed(kept):
        chain = types.TracebackType(chain, step.tb_frame, step.tb_lasti, step.tb_lineno)
    return chain
