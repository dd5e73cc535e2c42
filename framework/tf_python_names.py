"""TensorFlow's Python names for functions tapeflow defines under their public names.

Python words its own argument errors with a function's ``__qualname__``: TF 2.21's
``tf.realdiv(x)`` says "real_div() missing 1 required positional argument: 'y'", its
``tf.tensor_scatter_nd_max(t)`` "tensor_scatter_max() missing 2 ...", where tapeflow's said
'realdiv()' or, for a function made by a factory, '_scatter_extreme.<locals>.scatter()'. Naming
the function where it is made costs nothing per call (no wrapper). ``__name__`` follows, as TF's
does (its repr, Keras's serialized name of a function).
"""
import sys


def tf_named(name):
    """A decorator giving a function TensorFlow's Python name ``name`` (``tf_named(name)(fn)`` for
    one a factory makes).

    The functions it wraps (``__wrapped__``, from functools.wraps) are renamed too: Python's
    error names the innermost one, the function that takes the arguments. The defining module
    holds the function under ``name`` as well, since pickle finds a function by its module and
    qualname (TF's functions pickle by reference); use it only in a module that is no public
    namespace, else ``name`` would become a public attribute there.
    """
    def rename(function):
        inner = function
        while inner is not None:
            inner.__name__ = inner.__qualname__ = name
            inner = getattr(inner, '__wrapped__', None)
        setattr(sys.modules[function.__module__], name, function)
        return function
    return rename
