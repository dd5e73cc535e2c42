"""KerasTensor: a symbolic tensor of the functional API (shape and dtype, no values).

``Input((784,))`` returns one; calling a layer on KerasTensors records a
``Node`` (see ``node``) and returns new KerasTensors, so that
``Model(inputs, outputs)`` can find the layer calls between them.
"""
import collections

from framework import dtypes


class KerasHistory(collections.namedtuple('KerasHistory', ['operation', 'node_index', 'tensor_index'])):
    """Where a KerasTensor comes from: output ``tensor_index`` of call
    ``node_index`` of the layer ``operation`` (Keras 3's names)."""
    __slots__ = ()


class KerasTensor:
    """A placeholder for a tensor in a functional model: its shape (None for
    the batch axis and other free axes), dtype and name, but no values.

    Args:
        shape: a tuple of ints or None.
        dtype: a dtype or its name (default float32).
        name: default 'keras_tensor', numbered.
    """
    __slots__ = ('shape', 'dtype', 'name', '_keras_history', '_mask')

    def __init__(self, shape, dtype='float32', name=None):
        from .. import naming          # layers/naming has no imports from here
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype = dtypes.as_dtype(dtype).name
        self.name = name if name is not None else naming.unique_name('keras_tensor')
        self._keras_history = None
        self._mask = None        # the KerasTensor of this tensor's mask, when a layer gives it one

    @property
    def _keras_mask(self):
        """The symbolic mask, as Keras's ``x._keras_mask`` (AttributeError when there is none)."""
        if self._mask is None:
            raise AttributeError("'KerasTensor' object has no attribute '_keras_mask'")
        return self._mask

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def sparse(self):
        return False

    @property
    def ragged(self):
        return False

    def __repr__(self):
        return '<KerasTensor shape=%s, dtype=%s, sparse=False, ragged=False, name=%s>' % (
            self.shape, self.dtype, self.name)

    def _no_value(self, what):
        return TypeError(
            "%s: KerasTensor '%s' (shape %s) is symbolic: it stands for a model input or a layer output and "
            'has no values. Apply layers to it (e.g. keras.layers.Activation, keras.layers.Add, or a '
            'keras.layers.Lambda wrapping your function), then build keras.Model(inputs, outputs) and call '
            'the model on data' % (what, self.name, self.shape))

    # Raised instead of numpy's or Python's generic messages when a framework op,
    # numpy or an arithmetic operator meets a KerasTensor.
    def __array__(self, *args, **kwargs):
        raise self._no_value('converting it to an array')

    def numpy(self):
        raise self._no_value('numpy()')

    def __bool__(self):
        raise self._no_value('using it as a Python bool')

    def __add__(self, other):
        raise self._no_value("'+'")

    def __sub__(self, other):
        raise self._no_value("'-'")

    def __mul__(self, other):
        raise self._no_value("'*'")

    def __truediv__(self, other):
        raise self._no_value("'/'")

    def __matmul__(self, other):
        raise self._no_value("'@'")

    def __getitem__(self, key):
        raise self._no_value('indexing')

    __radd__, __rsub__, __rmul__, __rtruediv__, __rmatmul__ = __add__, __sub__, __mul__, __truediv__, __matmul__


def is_keras_tensor(value):
    return type(value) is KerasTensor
