"""``len()`` of a tensor inside a tf.function, as TensorFlow 2.21 answers it.

In a trace, user code holds symbolic tensors. AutoGraph turns the ``len(x)`` of the code it converts
into ``ag__.len_``: the static length of the first axis (a Python int), a variable's too, and for a
scalar the ValueError 'len requires a non-scalar tensor, got one of shape Tensor("Shape:0", ...)'.
Code it leaves as it is (``tf.function(autograph=False)``, a Keras layer's or model's ``call``, which
Keras 3 runs unconverted, and a Keras step's) reaches ``Tensor.__len__`` of the graph tensor, which
refuses: TypeError 'len is not well defined for a symbolic Tensor (mul:0). Please call `x.shape`
rather than `len(x)` for shape information.' (TF 2.21, /work/notes/progs/autograph13/p4.py, p5.py).

tapeflow runs the Python itself on real tensors, so Tensor.__len__ (and Variable.__len__, which has
no len() eagerly) asks here while a traced body runs (assert_statements.RUNNING). Installed with
symbolic_iteration's __iter__, when the first tf.function is made: programs without one never pay it.
"""
import sys

from . import assert_statements, symbolic_iteration, trace_names, unconverted_callers

_INSTALLED = []        # [True] once install() has run


def install():
    """Give Tensor and Variable a __len__ that consults ``traced_len`` while a traced body runs; once."""
    if _INSTALLED:
        return
    from .tensor import Tensor
    from .variable import Variable
    _INSTALLED.append(True)
    Tensor.__len__ = _asking_first(Tensor.__len__)
    Variable.__len__ = _asking_first(Variable.__len__)


def _asking_first(plain):
    def __len__(self):
        if assert_statements.RUNNING:
            length = traced_len(self, sys._getframe(1))
            if length is not None:
                return length
        return plain(self)
    __len__.__doc__ = plain.__doc__
    return __len__


def traced_len(tensor, frame):
    """The length AutoGraph's len gives ``tensor`` in ``frame`` (user code a trace runs), or TensorFlow's
    refusal there; None where the plain len answers (eager code, tapeflow's own, a py_function's func)."""
    mode = assert_statements.traced_mode()
    if mode is None or frame.f_code.co_filename.startswith(assert_statements.LIBRARIES):
        return None
    from .function_errors import UNCONVERTED_CODE     # (late: function_errors imports the tensor module)
    if mode and frame.f_code not in UNCONVERTED_CODE and not unconverted_callers.called_unconverted(frame):
        shape = tensor._data.shape
        if not shape:           # ag__.len_ asks the Shape op's length: 0 for a scalar
            raise symbolic_iteration.scalar_len_error()
        return shape[0]         # (a variable's too: AutoGraph's len reads its static shape)
    entry = trace_names.entry_of(tensor)
    if entry is None:           # a tensor the trace did not make (an eager capture), or a variable
        return None
    name = entry[0] if ':' in entry[0] else entry[0] + ':0'
    refusal = TypeError('len is not well defined for a symbolic Tensor (%s). Please call `x.shape` rather than '
                        '`len(x)` for shape information.' % name)
    refusal.graph_refused = True    # (a Sequential's build raises it from its symbolic call, as Keras's does)
    raise refusal
