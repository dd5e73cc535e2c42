"""Building a layer whose ``build`` takes one shape per ``call`` argument (Keras 3).

A custom layer may write ``build(self, a_shape, b_shape)`` for ``call(self, a, b)``: Keras 3 then
builds it with the shapes of the call's tensor arguments by name (``a_shape=(2, 3), b_shape=(2, 4)``)
and its build config is ``{'shapes_dict': {...}}``. A ``build`` taking a single shape gets the first
argument's, as before. tapeflow's own layers with several build parameters (RNN, attention) build as
they always have; only a build written outside tapeflow is matched by name.
"""
import inspect

import numpy as np

from framework import nest
from framework.tensor import Tensor

_NAMED_KINDS = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                inspect.Parameter.KEYWORD_ONLY)
_SHAPE_NAMES = {}       # layer class -> its build's parameter names when it takes several shapes, else ()
_NO_SHAPE = {}          # layer class -> whether its build takes no shape (def build(self):)


def shape_names(cls):
    """The names of ``cls.build``'s parameters when a user's build takes several, else () (cached)."""
    names = _SHAPE_NAMES.get(cls)
    if names is None:
        build = inspect.unwrap(cls.build)
        names = ()
        if _written_outside_tapeflow(build):
            params = [n for n, p in inspect.signature(build).parameters.items() if p.kind in _NAMED_KINDS][1:]
            names = tuple(params) if len(params) > 1 else ()
        _SHAPE_NAMES[cls] = names
    return names


def takes_no_shape(cls):
    """Whether a user's ``build`` takes no shape at all (``def build(self):``): Keras 3 then calls it with
    none, its shapes matched to no parameter (cached)."""
    answer = _NO_SHAPE.get(cls)
    if answer is None:
        build = inspect.unwrap(cls.build)
        answer = _written_outside_tapeflow(build) and not any(
            p.kind in _NAMED_KINDS or p.kind is inspect.Parameter.VAR_POSITIONAL
            for p in list(inspect.signature(build).parameters.values())[1:])
        _NO_SHAPE[cls] = answer
    return answer


def _written_outside_tapeflow(build):
    # (a function made by exec() without a __name__ in its globals has no module: a user's)
    return (build.__module__ or '').split('.')[0] not in ('layers', 'framework')


def build_from_saved_shape(layer, shape):
    """Build ``layer`` from a build config's ``input_shape`` as Keras 3's build_from_config does:
    ``build(shape)`` with the shape as the config holds it (after loading, a JSON list: a user's build
    that prints it shows [None, 5]), and ``get_build_config`` gives that back (TF 2.21 prints
    {'input_shape': [None, 5]} for a reloaded layer). tapeflow's own builds are given a tuple, which
    their shape arithmetic expects; they record the shape as saved all the same."""
    if isinstance(shape, dict) or _written_outside_tapeflow(inspect.unwrap(type(layer).build)):
        layer._build_from_shape(shape)
        return
    if shape and all(isinstance(s, (list, tuple)) for s in shape):
        # several inputs' shapes stay a list, as a call gives them (Attention's build refuses a tuple, as Keras's)
        layer._build_from_shape([tuple(s) for s in shape])
    else:
        layer._build_from_shape(tuple(shape))
    layer._build_input_shape = shape


def shapes_dict(layer, names, inputs, args, kwargs):
    """``{'<argument>_shape': shape}`` for ``build(**...)``: each of ``names`` matched to the call's
    argument of that name, as Keras 3's update_shapes_dict_for_target_fn does (its ValueErrors for a
    name without ``_shape`` or one the call lacks); arguments the call was not given are left out."""
    arguments = inspect.signature(layer.call).bind(inputs, *args, **kwargs).arguments
    parameters = inspect.signature(layer.call).parameters
    cls = type(layer).__name__
    preamble = ('For a `build()` method with more than one argument, all arguments should have a `_shape` suffix '
                'and match an argument from `call()`. E.g. `build(self, foo_shape, bar_shape)` ')
    shapes = {}
    for name in names:
        if not name.endswith('_shape'):
            raise ValueError("%s For layer '%s', Received `build()` argument `%s`, which does not end in `_shape`."
                             % (preamble, cls, name))
        argument = name[:-len('_shape')]
        if argument not in parameters:
            raise ValueError("%s For layer '%s', received `build()` argument `%s`, but `call()` does not have "
                             'argument `%s`.' % (preamble, cls, name, argument))
        value = arguments.get(argument)
        if argument != 'mask' and _holds_tensors(value):
            shapes[name] = nest.map_structure(_shape, value)
    return shapes


def _holds_tensors(value):
    return value is not None and any(isinstance(leaf, Tensor) or hasattr(leaf, 'shape')
                                     for leaf in nest.flatten(value))


def _shape(value):
    """A tensor's, KerasTensor's or array's shape as a tuple (None for an unknown axis)."""
    if value is None:
        return None
    shape = value.shape if hasattr(value, 'shape') else np.shape(value)
    return tuple(None if d is None else int(d) for d in shape)
