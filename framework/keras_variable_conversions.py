"""A Keras variable's Python conversions, as Keras 3's Variable (keras/src/backend/common/variables.py) defines them.

TF 2.21 + Keras 3: ``bool(layer.kernel)`` is a TypeError ('A Keras Variable cannot be used as a boolean.'),
``float()`` / ``int()`` of a non-scalar one Keras's TypeError naming the shape, and the variable has no
``__iter__``: Python iterates by index until TF's strided slice fails, so ``list(layer.bias)`` and
``a, b = layer.bias`` raise its InvalidArgumentError ('slice index 2 of dimension 0 out of bounds.'). It has no
``__array_priority__`` either: ``numpy_array * layer.kernel`` is numpy's own product, an ndarray (numpy reads
the variable through ``__array__``), where a tensor's priority makes numpy hand the product to the tensor.
A tf.Variable keeps a tensor's conversions.
"""
# numpy's priority for an object that declares none (NPY_SCALAR_PRIORITY): numpy then never defers to it
NO_PRIORITY = -1000000.0


def install_conversions(variable_class):
    """Give ``variable_class`` (framework.Variable) Keras's conversions for a Keras variable."""
    tensor_class = variable_class.__mro__[1]

    def __bool__(self):
        if self._path is not None:
            raise TypeError('A Keras Variable cannot be used as a boolean.')
        return tensor_class.__bool__(self)

    # (TF 2.21's MirroredVariable, a MirroredStrategy scope's tf.Variable or keras.Variable, defines neither:
    # Python's TypeErrors; read its value with .numpy())
    def __float__(self):
        if self._mirrored():
            raise TypeError("float() argument must be a string or a real number, not 'MirroredVariable'")
        if self._path is not None:
            _refuse_non_scalar(self)
        return tensor_class.__float__(self)

    def __int__(self):
        if self._mirrored():
            raise TypeError("int() argument must be a string, a bytes-like object or a real number, not "
                            "'MirroredVariable'")
        if self._path is not None:
            _refuse_non_scalar(self)
        return tensor_class.__int__(self)

    def __iter__(self):
        if self._path is not None:
            return _by_index(self)
        return tensor_class.__iter__(self)

    variable_class.__bool__, variable_class.__float__, variable_class.__int__ = __bool__, __float__, __int__
    variable_class.__iter__ = __iter__
    variable_class.__array_priority__ = property(
        lambda self: tensor_class.__array_priority__ if self._path is None else NO_PRIORITY)


def _refuse_non_scalar(variable):
    if variable._data.ndim > 0:
        raise TypeError('Only scalar arrays can be converted to Python scalars. Got: shape=%s'
                        % (tuple(variable._data.shape),))


def _by_index(variable):
    """Python's iteration of an object with ``__getitem__`` and no ``__iter__``: items 0, 1, ... until one fails
    (TF's strided slice raises InvalidArgumentError, no IndexError, so the iteration fails)."""
    index = 0
    while True:
        yield variable[index]
        index += 1
