"""The NumPy methods a Tensor gains with ``tnp.experimental_enable_numpy_behavior()``.

TensorFlow adds them to its Tensor class when a program asks (np_math_ops.enable_numpy_methods_on_tensor):
``T``, ``size``, ``tolist``, ``transpose``, ``flatten``, ``reshape``, ``ravel``, ``clip``, ``astype``,
``max``, ``mean``, ``min``, ``data`` and ``round(tensor)``. Before that, asking a tensor for one of
the NumPy-only names raises TensorFlow's AttributeError with its hint, and ``round(tensor)`` fails
the same way (TF's ``__round__`` is tnp's ``around``, which needs ``astype``). Variables never get
them, as in TensorFlow.
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
    """What ``tensor.<name>`` gives when the class has no such attribute (Tensor.__getattr__)."""
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
    # (name and obj let Python's traceback suggest a close name, as for TensorFlow's C type)
    raise AttributeError("'%s' object has no attribute '%s'" % (python_type_name(tensor), name), name=name, obj=tensor)


def rounded(tensor, ndigits=None):
    """``round(tensor)``: tnp's ``around`` once numpy behavior is on, else TF's AttributeError."""
    if not ENABLED:
        raise _hint(tensor, 'astype')
    from .experimental import numpy as tnp
    return tnp.around(tensor, 0 if ndigits is None else ndigits)
