"""What ``v.assign(...)`` returns: TensorFlow's eager ``_UnreadVariable``.

In TensorFlow 2 a variable's ``assign``, ``assign_add``, ``assign_sub``, a slice's ``assign``
and the ``scatter_*`` methods return an ``_UnreadVariable``: a handle on the same variable that
prints as ``<tf.Variable 'UnreadVariable' shape=... numpy=...>`` and is named 'UnreadVariable'.
Learners print these returns (``print(x.assign_add(1))``), so tapeflow returns one too.

It shares its parent's buffer (read live, so later writes show) and sends writes to the parent.
Inside an active GradientTape the parent itself is returned instead: tapes know variables by
identity, and a value read through the return must reach the parent's gradient as in TensorFlow.
Keras variables (a layer's, optimizer's or metric's weight) return a tensor of the value, as Keras 3.
"""
from . import tape
from .tensor import Tensor
from .variable import Variable
from .variable_host_reads import note_host_read


def _to_parent(method):
    """A write method that writes the parent: it owns the buffer and the tapes' snapshots of it."""
    def write(self, *args, **kwargs):
        return getattr(self._parent, method)(*args, **kwargs)
    write.__name__ = method
    return write


class _UnreadVariable(Variable):
    """A live view of ``parent`` that prints as TensorFlow's unread variable."""
    __slots__ = ('_parent',)

    def __init__(self, parent):     # no Variable.__init__: the state is the parent's
        self._parent = parent
        self._name = 'UnreadVariable'
        self._path = None
        self._trainable = parent._trainable
        self._snapshot = None
        self.aggregation = parent.aggregation
        self.synchronization = parent.synchronization
        self.constraint = parent.constraint
        self._open_shape = parent._open_shape

    @property
    def _data(self):
        return self._parent._data

    @property
    def name(self):
        return 'UnreadVariable'

    assign = _to_parent('assign')
    assign_add = _to_parent('assign_add')
    assign_sub = _to_parent('assign_sub')
    scatter_nd_update = _to_parent('scatter_nd_update')
    scatter_nd_add = _to_parent('scatter_nd_add')
    scatter_nd_sub = _to_parent('scatter_nd_sub')
    scatter_nd_max = _to_parent('scatter_nd_max')
    scatter_nd_min = _to_parent('scatter_nd_min')
    scatter_update = _to_parent('scatter_update')
    batch_scatter_update = _to_parent('batch_scatter_update')
    scatter_add = _to_parent('scatter_add')
    scatter_sub = _to_parent('scatter_sub')
    scatter_mul = _to_parent('scatter_mul')
    scatter_div = _to_parent('scatter_div')
    scatter_max = _to_parent('scatter_max')
    scatter_min = _to_parent('scatter_min')

    def __getitem__(self, index):     # a slice's assign writes the parent
        return self._parent[index]


def unread(variable):
    """The value a write method returns: an _UnreadVariable of ``variable`` outside tapes,
    ``variable`` itself under an active tape; for a Keras variable (a layer's, optimizer's or
    metric's), a tensor of the value written, as Keras 3's ``assign`` returns what it wrote
    (``print(layer.bias.assign(...))`` shows ``tf.Tensor([1. 2.], ...)`` on TF 2.21)."""
    if tape.ACTIVE:     # TF's write methods return a lazy read, which the tapes see (variable_host_reads)
        note_host_read(variable, tape.ACTIVE)
    if variable._path is not None:
        return Tensor(variable._data.copy())
    if tape.ACTIVE:
        return variable
    return _UnreadVariable(variable)
