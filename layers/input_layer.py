"""InputLayer and Input: declare a model's input shape up front.

As in Keras 3, ``Input`` returns a symbolic tensor (a KerasTensor, see
``functional``) made by an InputLayer; ``Sequential([Input((8,)), Dense(1)])``
takes the InputLayer behind it and builds at once.
"""
import warnings

from framework import dtypes

from .functional.keras_tensor import KerasTensor
from .functional.node import Node
from .input_spec import standardize_shape
from .layer import Layer


class InputLayer(Layer):
    """The input of a model: no weights, passes its input through.

    Args:
        shape: the shape of one example (without the batch axis), e.g. (8,).
        batch_size: a fixed batch size, or None.
        dtype: the input dtype (default: keras.backend.floatx(), float32 unless changed).
        batch_shape: the full shape including the batch axis, instead of
            ``shape`` and ``batch_size``.
        sparse: the input is a tf.SparseTensor (2-D, into a Dense layer, as Keras's TF backend takes it).
        name: default 'input_layer', numbered.
    Raises:
        ValueError: neither or both of shape and batch_shape; batch_size with batch_shape; ragged=True.
    """

    # Keras 3 never runs an InputLayer's build (it is built at creation): its path stays None
    path = None


    def __init__(self, shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None,
                 input_tensor=None, optional=False, name=None, **kwargs):     # Keras 3's order (positional calls)
        try:
            batch_shape, dtype, sparse = _input_arguments(shape, batch_size, dtype, sparse, batch_shape, input_tensor,
                                                          name, ragged, kwargs)
        except (TypeError, ValueError) as error:
            refused = error
        else:
            refused = None
        if refused is not None:
            # Keras 3's InputLayer is named first (its Layer.__init__): a refused argument still uses up the
            # automatic name ('input_layer_N' of the next Input, TF 2.21), and a bad name is refused before it
            Layer.__init__(self, name=name)
            raise refused
        # Keras 3's InputLayer passes only its name on: other keywords (trainable, a misspelt one) are dropped
        super().__init__(name=name, dtype=dtype)
        named = name is not None
        if dtype is None:
            from framework.keras.backend import floatx      # Keras 3: an Input without dtype is floatx
            dtype = floatx()
        self._dtype = dtypes.numpy_dtype(dtype)
        self.batch_shape = standardize_shape(batch_shape)
        self.optional = bool(optional)
        self.built = True
        # The graph starts here: a call with no inputs whose output is ``self.output``. As in
        # Keras 3, the tensor takes the Input's name if one was given, else the next 'keras_tensor'.
        self.sparse = bool(sparse)      # a tf.SparseTensor batch comes in (Dense takes it, as in Keras)
        # Keras 3: an input_tensor is this layer's output itself (clone_model(seq, input_tensors=t) keeps t's name)
        if input_tensor is None:
            input_tensor = KerasTensor(self.batch_shape, self._dtype, sparse=self.sparse, name=self.name if named else None)
        Node(self, outputs=input_tensor)

    @property
    def shape(self):
        """The full input shape, batch axis first (None where free)."""
        return self.batch_shape

    @property
    def dtype(self):
        """The input dtype's name, 'string' for string inputs (whose arrays are object arrays), as
        Keras 3 names it: clone_model re-creates the Input from it."""
        return dtypes.display_name(self._dtype)

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        # display_name: 'string' for string inputs (the array dtype is object), as Keras writes it.
        return {'batch_shape': self.batch_shape, 'dtype': dtypes.display_name(self._dtype), 'sparse': self.sparse,
                'ragged': False,
                'name': self.name, 'optional': self.optional}


def _input_arguments(shape, batch_size, dtype, sparse, batch_shape, input_tensor, name, ragged, kwargs):
    """(batch_shape, dtype, sparse) of an InputLayer made with these arguments, checked in Keras 3's order and
    words (``kwargs``: the layer's other keywords, of which the Keras 2 shape spellings are read)."""
    if 'input_shape' in kwargs:                 # the Keras 2 spelling, which Keras 3 still takes with a warning
        warnings.warn('Argument `input_shape` is deprecated. Use `shape` instead.')
        shape = kwargs.pop('input_shape')
    if 'batch_input_shape' in kwargs:
        batch_shape = kwargs.pop('batch_input_shape')
    if sparse and ragged:
        raise ValueError('KerasTensor cannot have `sparse=True` and `ragged=True` at the same time.')
    if ragged:
        raise ValueError('Input(ragged=True)%s: tapeflow\'s Keras layers take dense inputs only (Keras 3 '
                         'accepts a ragged Input; its LSTM then fails on it); pad the rows '
                         '(RaggedTensor.to_tensor()) and declare a dense Input' % ('' if name is None else ' %r' % name))
    if input_tensor is not None:
        if not isinstance(input_tensor, KerasTensor):      # Keras 3 wraps symbolic tensors only
            from framework.type_text import class_text      # (Keras's f-string: a tensor by format())
            error = ValueError('Argument `input_tensor` must be a KerasTensor. Received invalid type: '
                               'input_tensor={} (of type {})'.format(input_tensor, class_text(input_tensor)))
            error.add_note('pass shape= (and dtype=) for an Input of its shape')
            raise error
        _check_fits_tensor(input_tensor, shape, batch_size, batch_shape, dtype, sparse)
        batch_shape, dtype, sparse, shape = tuple(input_tensor.shape), input_tensor.dtype, input_tensor.sparse, None
    if shape is not None and batch_shape is not None:
        raise ValueError('You cannot pass both `shape` and `batch_shape` at the same time.')
    if batch_size is not None and batch_shape is not None and input_tensor is None:   # (checked above for a tensor)
        raise ValueError('You cannot pass both `batch_size` and `batch_shape` at the same time.')
    if shape is None and batch_shape is None:
        raise ValueError('You must pass a `shape` argument.')
    if shape is not None:
        batch_shape = (batch_size,) + standardize_shape(shape)
    # Keras 3's standardize_dtype: Python's int is int64. By identity: tf.float32 == float (as in TF)
    if dtype in (int, float, bool, str, complex) and isinstance(dtype, type):
        dtype = {int: 'int64', float: 'float32', bool: 'bool', str: 'string', complex: 'complex128'}[dtype]
    if isinstance(dtype, str):      # Keras 3 standardizes an Input's dtype first: 'Invalid dtype: nope'
        from framework.keras.backend import standardize_dtype      # framework.keras imports layers
        try:
            dtype = standardize_dtype(dtype)  # 'int' is int64; 'float' / 'double' / 'half' are no Keras dtype
        except ValueError:
            raise ValueError('Invalid dtype: %s' % dtype) from None
    elif dtype is not None:        # Keras 3 names it (dtype.name, else __name__) and looks the name up
        _check_dtype_object(dtype)
    return batch_shape, dtype, sparse


def _check_fits_tensor(tensor, shape, batch_size, batch_shape, dtype, sparse):
    """Keras 3's refusals of an InputLayer argument that disagrees with its ``input_tensor``."""
    def refuse(argument):
        raise ValueError('When providing the `input_tensor` argument, you cannot provide an incompatible `%s` '
                         'argument.' % argument)
    have = tuple(tensor.shape)
    if batch_size is not None and (len(have) < 1 or have[0] != batch_size):
        refuse('batch_size')
    if shape is not None and (len(shape) != len(have) - 1 or tuple(shape) != have[1:]):
        refuse('shape')
    if batch_shape is not None and tuple(batch_shape) != have:
        refuse('batch_shape')
    if dtype is not None and tensor.dtype != dtype:
        refuse('dtype')
    if sparse is not None and tensor.sparse != sparse:
        refuse('sparse')


def _check_dtype_object(dtype):
    label = getattr(dtype, 'name', None) or getattr(dtype, '__name__', None) or dtype
    try:
        known = label not in ('object', 'object_') and not isinstance(dtype, (int, float)) \
            and dtypes.as_dtype(dtype) is not None
    except (TypeError, ValueError):
        known = False
    if not known:
        raise ValueError('Invalid dtype: %s' % (label,))      # Keras 3's words


def Input(shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None, name=None,
          tensor=None, optional=False):
    """A KerasTensor standing for a model input of ``shape`` (see InputLayer).

    Call layers on it and pass it to ``Model(inputs, outputs)``; a leading
    ``Input`` also gives a Sequential model its input shape.
    """
    return InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse, ragged=ragged,
                      batch_shape=batch_shape, input_tensor=tensor, optional=optional, name=name).output
