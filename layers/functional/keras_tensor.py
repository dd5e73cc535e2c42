"""KerasTensor: a symbolic tensor of the functional API (shape and dtype, no values).

``Input((784,))`` returns one; calling a layer on KerasTensors records a
``Node`` (see ``node``) and returns new KerasTensors, so that
``Model(inputs, outputs)`` can find the layer calls between them.
"""
import collections

from framework import dtypes
from framework.tensor import SymbolicTensorError
from framework.tensor_shape import TensorShape


# Keras 3's texts (keras/src/backend/common/keras_tensor.py, its typo 'an a dtype' included)
_SYMBOLIC_TEXT = ("A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't have any "
                  'actual numerical value. You cannot convert it to %s.')
_TF_FUNCTION_TEXT = (
    'A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic placeholder '
    'for a shape and dtype, used when constructing Keras Functional models or Keras Functions. You can only use '
    'it as input to a Keras layer or a Keras operation (from the namespaces `keras.layers` and `keras.ops`). '
    'You are likely doing something like:\n\n```\nx = Input(...)\n...\ntf_fn(x)  # Invalid.\n```\n\n'
    'What you should do instead is wrap `tf_fn` in a layer:\n\n```\nclass MyLayer(Layer):\n'
    '    def call(self, x):\n        return tf_fn(x)\n\nx = MyLayer()(x)\n```\n')


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
        sparse: whether a tf.SparseTensor stands here (keras.Input(sparse=True)).
        ragged: must be False (tapeflow's graphs take no ragged inputs).
        name: default 'keras_tensor', numbered.
    Raises:
        ValueError: sparse and ragged together (Keras's message), or ragged.
    """
    __slots__ = ('shape', 'dtype', 'name', '_keras_history', '_mask', '_sparse')

    def __init__(self, shape, dtype='float32', sparse=False, ragged=False, name=None):
        from .. import naming          # layers/naming has no imports from here
        if sparse and ragged:
            raise ValueError('KerasTensor cannot have `sparse=True` and `ragged=True` at the same time.')
        if ragged:
            raise ValueError('KerasTensor(ragged=True): tapeflow\'s functional models take no ragged inputs; pass '
                             'padded dense tensors (RaggedTensor.to_tensor()) and a keras.Input without ragged')
        if shape.__class__ is TensorShape:   # Keras 3 on TF reads as_list(): TensorShape(None) is refused there
            shape = shape.as_list()
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype = dtypes.as_dtype(dtype).name
        self.name = name or naming.unique_name('keras_tensor')      # Keras 3: name or auto_name ('' too)
        self._keras_history = None
        self._mask = None        # the KerasTensor of this tensor's mask, when a layer gives it one
        self._sparse = bool(sparse)     # keras.Input(sparse=True): a tf.SparseTensor batch stands here

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
        return self._sparse

    @property
    def ragged(self):
        return False

    def __repr__(self):
        return '<KerasTensor shape=%s, dtype=%s, sparse=%s, ragged=False, name=%s>' % (
            self.shape, self.dtype, self._sparse, self.name)

    def _no_value(self, keras_text, error=None):
        """Keras 3's error (its class and text), with tapeflow's explanation as a note."""
        error = error or SymbolicTensorError(keras_text)
        error.add_note("KerasTensor '%s' (shape %s) stands for a model input or a layer output and has no values. "
                       'Apply keras.layers or keras.ops to it (or wrap your function in a keras.layers.Lambda or '
                       'a custom Layer), then build keras.Model(inputs, outputs) and call the model on data'
                       % (self.name, self.shape))
        return error

    # Raised where numpy, Python or a framework (tf.*) op wants values, with Keras's texts.
    def __tf_tensor__(self, dtype=None, name=None):
        raise self._no_value(_TF_FUNCTION_TEXT)

    def __array__(self, *args, **kwargs):
        raise self._no_value(_SYMBOLIC_TEXT % 'a NumPy array')

    @property
    def numpy(self):
        raise self._no_value(None, AttributeError("'KerasTensor' object has no attribute 'numpy'"))

    def __int__(self):
        raise self._no_value(_SYMBOLIC_TEXT % 'an int')

    def __float__(self):
        raise self._no_value(_SYMBOLIC_TEXT % 'a float')

    def __bool__(self):
        raise self._no_value(None, TypeError('A symbolic KerasTensor cannot be used as a boolean.'))

    def __iter__(self):
        raise self._no_value(None, NotImplementedError('Iterating over a symbolic KerasTensor is not supported.'))

    # Operators record keras.ops calls in the graph, as Keras 3's do (see symbolic_ops).
    def reshape(self, newshape):
        return _record('reshape', self, newshape)

    def squeeze(self, axis=None):
        return _record('squeeze', self, axis)

    def __add__(self, other):
        return _record('add', self, other)

    def __radd__(self, other):
        return _record('add', other, self)

    def __sub__(self, other):
        return _record('subtract', self, other)

    def __rsub__(self, other):
        return _record('subtract', other, self)

    def __mul__(self, other):
        return _record('multiply', self, other)

    def __rmul__(self, other):
        return _record('multiply', other, self)

    def __matmul__(self, other):
        return _record('matmul', self, other)

    def __rmatmul__(self, other):
        return _record('matmul', other, self)

    def __truediv__(self, other):
        return _record('true_divide', self, other)

    def __rtruediv__(self, other):
        return _record('true_divide', other, self)

    def __floordiv__(self, other):
        return _record('floor_divide', self, other)

    def __rfloordiv__(self, other):
        return _record('floor_divide', other, self)

    def __mod__(self, other):
        return _record('mod', self, other)

    def __rmod__(self, other):
        return _record('mod', other, self)

    def __pow__(self, other):
        return _record('power', self, other)

    def __rpow__(self, other):
        return _record('power', other, self)

    def __neg__(self):
        return _record('negative', self)

    def __abs__(self):
        return _record('absolute', self)

    def __lt__(self, other):
        return _record('less', self, other)

    def __le__(self, other):
        return _record('less_equal', self, other)

    def __gt__(self, other):
        return _record('greater', self, other)

    def __ge__(self, other):
        return _record('greater_equal', self, other)

    def __ne__(self, other):
        return _record('not_equal', self, other)

    # Keras defines no __eq__: KerasTensors compare (and hash) by identity, as graph keys must.
    __hash__ = object.__hash__

    def __and__(self, other):
        return _record('logical_and', self, other)

    def __rand__(self, other):
        return _record('logical_and', other, self)

    def __or__(self, other):
        return _record('logical_or', self, other)

    def __ror__(self, other):
        return _record('logical_or', other, self)

    def __xor__(self, other):
        return _record('logical_xor', self, other)

    def __rxor__(self, other):
        return _record('logical_xor', other, self)

    def __invert__(self):
        return _record('logical_not', self)

    def __getitem__(self, key):
        return _record('get_item', self, key)

    def __round__(self, ndigits=None):
        return _record('round', self, ndigits or 0)


def _record(function_name, *args):
    from .symbolic_ops import record_op           # symbolic_ops imports this module
    return record_op(function_name, args, {})


def is_keras_tensor(value):
    return type(value) is KerasTensor


def serialized_entry(tensor):
    """Keras 3's ``serialize_keras_object(tensor)``: shape, dtype and the [layer name, node index,
    tensor index] that made it (None for a tensor no layer made)."""
    history = tensor._keras_history
    if history:
        history = [history[0].name, history[1], history[2]]
    return {'class_name': '__keras_tensor__',
            'config': {'shape': tensor.shape, 'dtype': tensor.dtype, 'keras_history': history}}
