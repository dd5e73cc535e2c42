"""InputLayer and Input: declare a model's input shape up front.

In Keras 3 ``Input`` returns a symbolic tensor for the functional API; here
it returns the InputLayer itself, which carries what ``Sequential`` needs
(``shape`` / ``batch_shape`` and ``dtype``), so ``Sequential([Input((8,)),
Dense(1)])`` builds at once.
"""
from framework import dtypes

from .layer import Layer


class InputLayer(Layer):
    """The input of a model: no weights, passes its input through.

    Args:
        shape: the shape of one example (without the batch axis), e.g. (8,).
        batch_size: a fixed batch size, or None.
        dtype: the input dtype (default float32).
        batch_shape: the full shape including the batch axis, instead of
            ``shape`` and ``batch_size``.
        name: default 'input_layer', numbered.
    Raises:
        ValueError: neither or both of shape and batch_shape.
    """

    def __init__(self, shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None,
                 input_tensor=None, optional=False, name=None, ragged=None, **kwargs):
        if 'input_shape' in kwargs:                 # the Keras 2 spelling
            shape = kwargs.pop('input_shape')
        if 'batch_input_shape' in kwargs:
            batch_shape = kwargs.pop('batch_input_shape')
        if sparse or ragged:
            raise ValueError('InputLayer %r: sparse and ragged inputs are not supported' % (name,))
        if input_tensor is not None:
            batch_shape = tuple(input_tensor.shape)
        if shape is not None and batch_shape is not None:
            raise ValueError('You cannot pass both `shape` and `batch_shape` at the same time.')
        if shape is None and batch_shape is None:
            raise ValueError('You must pass a `shape` argument.')
        if shape is not None:
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            batch_shape = (batch_size,) + shape
        super().__init__(name=name, dtype=dtype, **kwargs)
        self._dtype = dtypes.as_dtype(dtype) if dtype is not None else dtypes.float32
        self.batch_shape = tuple(None if d is None else int(d) for d in batch_shape)
        self.optional = bool(optional)
        self.built = True

    @property
    def shape(self):
        """The full input shape, batch axis first (None where free)."""
        return self.batch_shape

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return {'batch_shape': self.batch_shape, 'dtype': self.dtype, 'sparse': False, 'ragged': False,
                'name': self.name, 'optional': self.optional}


def Input(shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None, name=None,
          tensor=None, optional=False):
    """An InputLayer for ``shape`` (see InputLayer), to start a Sequential model."""
    return InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse, batch_shape=batch_shape,
                      input_tensor=tensor, optional=optional, name=name)
