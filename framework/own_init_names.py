"""Python's argument errors name a constructor by its qualified name, as Keras's classes are written.

Keras 3 writes an ``__init__`` in nearly every public class, so a call that misses or doubles an argument names
the class itself: ``Conv3D.__init__() missing 1 required positional argument: 'kernel_size'`` (TF 2.21).
Several of tapeflow's public classes share one constructor in a base (ConvND, GlobalPooling, _Preset,
_ConfusionMatrixConditionCount, ...), and Python named the base: ``ConvND.__init__() missing ...``, a class the
user never wrote. ``own_inits`` gives each such class a copy of the inherited constructor under its own name:
the same code, defaults and ``__class__`` cell (``super()`` inside resolves as before), only the name differs.
"""
import inspect
import types


def own_inits(namespace, package):
    """Each public class of ``namespace`` (a module's globals) defined under ``package`` that inherits its
    constructor from another class than ``object`` gets a copy named ``<Class>.__init__`` (an alias's
    class keeps its own name: Convolution3D is Conv3D). A constructor Keras itself shares among its
    subclasses is marked ``shared_as_in_keras`` and left shared (Merge.__init__ of Add, Subtract, ...)."""
    for name, cls in list(namespace.items()):
        if name.startswith('_') or not inspect.isclass(cls) or not cls.__module__.startswith(package) or \
                '__init__' in vars(cls):
            continue
        init = cls.__init__
        if not isinstance(init, types.FunctionType) or getattr(init, 'shared_as_in_keras', False):
            continue        # (object.__init__ is a C slot)
        copy = types.FunctionType(init.__code__, init.__globals__, init.__name__, init.__defaults__,
                                  init.__closure__)
        copy.__kwdefaults__ = init.__kwdefaults__
        copy.__dict__.update(init.__dict__)
        copy.__doc__, copy.__module__ = init.__doc__, init.__module__
        copy.__qualname__ = '%s.__init__' % cls.__name__
        cls.__init__ = copy
