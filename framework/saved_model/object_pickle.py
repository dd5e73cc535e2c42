"""Pickling an object with its variables kept apart, as a SavedModel keeps them in 'variables/'.

The object is pickled by reference to its classes and functions (so the
code that defines them must be importable when loading), lambdas and nested
functions by value (their code, closure and the globals they use); each Variable
becomes a reference to a key whose value is written to the variables
checkpoint instead of into the pickle, and each Asset's file is copied
into 'assets/'. Loading rebuilds each variable, of
its own class and with its own attributes, around the saved value; a Keras
variable (a layer's, optimizer's or metric's) comes back as the plain tf.Variable
TF 2.21 revives, named by its Keras path ('norm/gamma:0', revived_variables.py).
"""
import builtins
import importlib
import io
import marshal
import os
import pickle
import sys
import threading
import types

import numpy as np

from .. import backend
from ..variable import Variable
from .asset import Asset, copy_into
from .revived_variables import revived

_loading = threading.local()     # the values of the load running on this thread


def _rebuild_variable(cls, key, state):
    variable = cls.__new__(cls)
    for name, value in state.items():
        setattr(variable, name, value)
    variable._data = backend.place(np.array(_loading.values[key]))     # on the device scope active at load
    variable._snapshot = None
    revived((variable,))
    return variable


def _rebuild_asset(name):
    return Asset(os.path.join(_loading.assets_dir, name))


def _importable(function):
    """Whether pickle finds ``function`` again by its module and qualified name (not a lambda, not
    a function defined inside another)."""
    found = sys.modules.get(function.__module__)
    for part in function.__qualname__.split('.'):
        found = getattr(found, part, None)
    return found is function


def _global_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _global_names(const)
    return names


def _function_by_value(function):
    """A lambda or nested function as its code, the globals it names, its defaults and its closure:
    what TensorFlow's saved graph keeps of an endpoint such as ``lambda x: model(x, training=False)``
    (Keras's ExportArchive example). The globals are saved with it (a model it calls, a module)."""
    used = {name: function.__globals__[name] for name in _global_names(function.__code__)
            if name in function.__globals__}
    cells = None if function.__closure__ is None else tuple(_cell_value(cell) for cell in function.__closure__)
    return _rebuild_function, (marshal.dumps(function.__code__), used, function.__module__, function.__name__,
                               function.__qualname__, function.__defaults__, function.__kwdefaults__, cells)


class _EmptyCell:
    """A closure cell not yet assigned (a nested function naming a variable its scope sets later)."""


def _cell_value(cell):
    try:
        return cell.cell_contents
    except ValueError:
        return _EmptyCell


def _rebuild_function(code, used, module, name, qualname, defaults, kwdefaults, cells):
    scope = dict(used, __builtins__=builtins, __name__=module)
    closure = None if cells is None else tuple(types.CellType() if value is _EmptyCell else types.CellType(value)
                                               for value in cells)
    function = types.FunctionType(marshal.loads(code), scope, name, defaults, closure)
    function.__qualname__, function.__kwdefaults__ = qualname, kwdefaults
    return function


class _Pickler(pickle.Pickler):
    def __init__(self, file, key_of, assets_dir):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._key_of = key_of
        self._assets_dir = assets_dir
        self.variables = {}          # key -> Variable

    def reducer_override(self, obj):
        if type(obj) is types.FunctionType and not _importable(obj):
            return _function_by_value(obj)
        if type(obj) is types.ModuleType:
            return importlib.import_module, (obj.__name__,)
        if isinstance(obj, Asset):
            return _rebuild_asset, (copy_into(obj, self._assets_dir),)
        if not isinstance(obj, Variable):
            if _is_model(obj):      # (its own __reduce__ writes a .keras archive: pickle's, not this store's)
                from layers.saving.model_pickle import plain_reduce
                return plain_reduce(obj)
            return NotImplemented
        key = self._key_of(obj) or '_saved_variables/%d/.ATTRIBUTES/VARIABLE_VALUE' % len(self.variables)
        self.variables[key] = obj
        state = dict(obj.__reduce_ex__(pickle.HIGHEST_PROTOCOL)[2][1])
        state.pop('_data', None)
        state.pop('_strategy', None)     # the saving program's tf.distribute scope; a load makes plain variables
        state['_snapshot'] = None
        return _rebuild_variable, (type(obj), key, state)


def _is_model(obj):
    model = sys.modules.get('layers.model')
    return model is not None and isinstance(obj, model.Model)


def dumps(obj, key_of, assets_dir):
    """(pickle bytes, {key: Variable}) for ``obj``; ``key_of(variable)`` names graph variables;
    Asset files are copied into ``assets_dir``.

    Raises:
        TypeError: an object pickle cannot store (a local class, a lock, an open file...).
    """
    buffer = io.BytesIO()
    pickler = _Pickler(buffer, key_of, assets_dir)
    try:
        pickler.dump(obj)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError) as err:
        raise TypeError('tf.saved_model.save: cannot store %r: %s. tapeflow saves Python objects by reference '
                        '(pickle): classes and functions must be defined at module level and importable, '
                        'and attributes must not hold lambdas, open files or locks.' % (obj, err)) from None
    return buffer.getvalue(), pickler.variables


def loads(data, values, assets_dir):
    """The object pickled by ``dumps``, its variables holding ``values`` ({key: numpy array}),
    its Assets naming files in ``assets_dir``."""
    _loading.values = {key: backend.to_host(value) for key, value in values.items()}
    _loading.assets_dir = assets_dir
    try:
        return pickle.loads(data)
    finally:
        del _loading.values, _loading.assets_dir
