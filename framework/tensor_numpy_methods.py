"""The NumPy methods a Tensor gains with ``tnp.experimental_enable_numpy_behavior()``.

TensorFlow adds them to its Tensor class when a program asks (np_math_ops.enable_numpy_methods_on_tensor):
``T``, ``size``, ``tolist``, ``transpose``, ``flatten``, ``reshape``, ``ravel``, ``clip``, ``astype``,
``max``, ``mean``, ``min``, ``data`` and ``round(tensor)``. Before that, asking a tensor for one of
the NumPy-only names raises TensorFlow's AttributeError with its hint, and ``round(tensor)`` fails
the same way (TF's ``__round__`` is tnp's ``around``, which needs ``astype``). Variables never get
them, as in TensorFlow.

They are class attributes (``NumpyAttribute`` descriptors, ``install``), not a ``__getattr__``: a class
with ``__getattr__`` loses CPython 3.11's specialised attribute loads, which cost the training step ~4%
on every ``tensor._data`` (measured: bench_custom_loop 0.217 against 0.208 ms). Other missing names
raise Python's own AttributeError.
"""
import numpy as np

from .type_text import python_type_name

ENABLED = []            # non-empty once numpy behavior is on (tnp.experimental_enable_numpy_behavior)

# The names TF's Tensor.__getattr__ answers with the hint
_HINTED = frozenset(('T', 'astype', 'ravel', 'transpose', 'reshape', 'clip', 'size', 'tolist', 'data'))


def _hint(tensor, name):
    return AttributeError("%s object has no attribute '%s'. \n        If you are looking for numpy-related methods, "
                          "please run the following:\n        tf.experimental.numpy.experimental_enable_numpy_behavior()"
                          "\n      " % (type(tensor).__name__, name))


def _size(t):
    shape = t.shape
    return None if not shape.is_fully_defined() else np.prod(shape.as_list())


def _reshape(t, *args, **kwargs):
    from .experimental import numpy as tnp
    order = kwargs.pop('order', 'C')
    newshape = args[0] if len(args) == 1 else args
    return tnp.reshape(t, newshape, order=order, **kwargs)


def _methods():
    from . import ops
    from .experimental import numpy as tnp
    return {
        'transpose': tnp.transpose, 'flatten': tnp.ravel, 'reshape': _reshape, 'ravel': tnp.ravel,
        'clip': tnp.clip, 'astype': ops.cast, 'max': tnp.amax, 'mean': tnp.mean, 'min': tnp.amin,
        'tolist': lambda t: t.numpy().tolist(),
    }


def attribute(tensor, name):
    """What ``tensor.<name>`` gives for one of the NumPy names (see NumpyAttribute)."""
    if not getattr(type(tensor), '_numpy_methods', True):        # a Variable: never, as in TensorFlow
        raise AttributeError("'%s' object has no attribute '%s'" % (python_type_name(tensor), name))
    if ENABLED:
        if name == 'T':
            from .experimental import numpy as tnp
            return tnp.transpose(tensor)
        if name == 'size':
            return _size(tensor)
        if name == 'data':
            return tensor
        method = _methods().get(name)
        if method is not None:
            return lambda *args, **kwargs: method(tensor, *args, **kwargs)
    if name in _HINTED:
        raise _hint(tensor, name)
    raise AttributeError("'%s' object has no attribute '%s'" % (python_type_name(tensor), name))


class NumpyAttribute:
    """A NumPy name on the Tensor class: TF's hint before numpy behavior is on, the method after."""

    def __init__(self, name):
        self.name = name

    def __get__(self, tensor, owner=None):
        if tensor is None:
            return self
        return attribute(tensor, self.name)


NAMES = ('T', 'size', 'tolist', 'transpose', 'flatten', 'reshape', 'ravel', 'clip', 'astype', 'max', 'mean',
         'min', 'data')


def install(tensor_class):
    """Put the NumPy names on ``tensor_class`` (framework.tensor does, once, when it defines Tensor)."""
    for name in NAMES:
        if name not in tensor_class.__dict__:
            setattr(tensor_class, name, NumpyAttribute(name))


def rounded(tensor, ndigits=None):
    """``round(tensor)``: tnp's ``around`` once numpy behavior is on, else TF's AttributeError."""
    if not ENABLED:
        raise _hint(tensor, 'astype')
    from .experimental import numpy as tnp
    return tnp.around(tensor, 0 if ndigits is None else ndigits)
