"""``tf.experimental.dispatch_for_api`` and the elementwise dispatch decorators: user types (an
ExtensionType such as the guide's MaskedTensor) given to TensorFlow APIs run the user's function.

TensorFlow checks its registered dispatch targets inside every public op. tapeflow's ops have no such
check (it would cost every call); instead registering a target for an API puts a dispatching wrapper
in place of the API's function wherever the ``framework`` namespaces bind it (``tf.add`` and
``tf.math.add``), and unregistering its last target puts the function back. So the library's own
calls never pay for dispatch, and programs that register nothing run exactly as before. What this
does not reach, unlike TensorFlow: a reference to the function taken before the registration, and
library code (``keras.ops``) calling the op through its own imports.
"""
import collections.abc
import functools
import inspect
import numbers
import sys
import types
import typing

import numpy as np

from .api_dispatch_lists import BINARY_ELEMENTWISE_APIS, UNARY_ELEMENTWISE_APIS
from .tensor import Tensor

_ORIGINAL = '_tapeflow_dispatch_original'     # a dispatching wrapper's attribute: the API's own function


class _Dispatch:
    """The dispatch targets of one API, and where its wrapper was put."""

    def __init__(self, api):
        self.api = api
        self.signature = inspect.signature(api)
        self.targets = []       # (target, {parameter: checker}, registered_for)
        self.bindings = []      # (namespace, attribute) holding the wrapper

    def matching(self, args, kwargs):
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError:
            return []
        bound.apply_defaults()
        arguments = bound.arguments
        return [target for target, checkers, _ in self.targets
                if all(check(arguments.get(name)) for name, check in checkers.items())
                and not all(_plain(arguments.get(name)) for name in checkers)]


def _plain(value):
    """Whether ``value`` is what the API takes without dispatch: a tensor, a number, an array, or a list
    of them. As in TensorFlow, such arguments alone never dispatch (a Union[MaskedTensor, tf.Tensor]
    target is not called for two tensors, and its ``api_func`` on plain values runs the op)."""
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (Tensor, numbers.Number, np.ndarray, np.generic, str, bytes))


_DISPATCH = {}       # id(api function) -> _Dispatch


def dispatch_for_api(api, *signatures):
    """Decorator: ``api`` calls the decorated function instead when its arguments match a signature.

    A signature maps parameter names to types (a class, ``typing.Union`` / ``Optional`` of them, or
    ``typing.List`` / ``Tuple[T, ...]`` of one, matching a list or tuple of such values); without
    ``signatures`` the decorated function's own parameter annotations are the signature. The function
    takes the API's parameters.

    Raises:
        ValueError: ``api`` is not a tapeflow API function, the function's parameters are not the API's,
            or there is no signature (TensorFlow's words).
    """
    original = _api_function(api)
    dispatch_signature = inspect.signature(original)

    def decorator(dispatch_target):
        target_signature = inspect.signature(dispatch_target)
        _check_parameters(dispatch_signature, target_signature)
        wanted = list(signatures)
        if not wanted:
            annotated = {name: p.annotation for name, p in target_signature.parameters.items()
                         if p.annotation is not inspect.Parameter.empty}
            if not annotated:
                raise ValueError('The dispatch_for_api decorator must be called with at least one signature, '
                                 'or applied to a function that has type annotations on its parameters.')
            wanted = [annotated]
        for signature in wanted:
            _register(original, dispatch_target, _checkers(signature, dispatch_signature), dispatch_target)
        return dispatch_target
    return decorator


def dispatch_for_unary_elementwise_apis(x_type):
    """Decorator: every unary elementwise API (tf.abs, tf.math.exp, tf.cast, ...; TensorFlow's list)
    called with a first argument of ``x_type`` calls ``handler(api_func, x)``, where ``api_func(v)`` is
    the API applied to ``v`` with the call's other arguments."""
    def decorator(handler):
        index = _binding_index()
        for api in _apis(UNARY_ELEMENTWISE_APIS):
            first = next(iter(inspect.signature(api).parameters))
            _register(api, _elementwise_target(api, handler, 1), {first: _checker(x_type)}, handler, index)
        return handler
    return decorator


def dispatch_for_binary_elementwise_apis(x_type, y_type):
    """Decorator: every binary elementwise API (tf.add, tf.math.maximum, ...; TensorFlow's list) called
    with first and second arguments of ``x_type`` and ``y_type`` calls ``handler(api_func, x, y)``."""
    def decorator(handler):
        index = _binding_index()
        for api in _apis(BINARY_ELEMENTWISE_APIS):
            first, second = list(inspect.signature(api).parameters)[:2]
            _register(api, _elementwise_target(api, handler, 2),
                      {first: _checker(x_type), second: _checker(y_type)}, handler, index)
        return handler
    return decorator


def unregister_dispatch_for(dispatch_target):
    """Remove what a ``dispatch_for_*`` decorator registered for ``dispatch_target``.

    Raises:
        ValueError: it was not registered (TensorFlow's words).
    """
    found = False
    for key, dispatch in list(_DISPATCH.items()):
        kept = [entry for entry in dispatch.targets if entry[2] is not dispatch_target]
        found = found or len(kept) != len(dispatch.targets)
        dispatch.targets = kept
        if not kept:
            for namespace, attribute in dispatch.bindings:
                setattr(namespace, attribute, dispatch.api)
            del _DISPATCH[key]
    if not found:
        raise ValueError('Function %r was not registered using a `@dispatch_for_*` decorator.' % (dispatch_target,))


# ---- registering --------------------------------------------------------------------------------

def _register(api, target, checkers, registered_for, index=None):
    dispatch = _DISPATCH.get(id(api))
    if dispatch is None:
        dispatch = _DISPATCH[id(api)] = _Dispatch(api)
        wrapper = _wrapper(dispatch)
        for namespace, attribute in (index or _binding_index()).get(id(api), ()):
            setattr(namespace, attribute, wrapper)
            dispatch.bindings.append((namespace, attribute))
    dispatch.targets.append((target, checkers, registered_for))


def _wrapper(dispatch):
    api = dispatch.api

    @functools.wraps(api)
    def dispatching(*args, **kwargs):
        if dispatch.targets:
            matched = dispatch.matching(args, kwargs)
            if len(matched) > 1:
                raise ValueError('Multiple dispatch targets that were registered with tf.dispatch_for (%s and %s) '
                                 'match the arguments to %s' % (matched[0], matched[1], api.__name__))
            if matched:
                return matched[0](*args, **kwargs)
        return api(*args, **kwargs)
    setattr(dispatching, _ORIGINAL, api)
    return dispatching


def _elementwise_target(api, handler, arity):
    signature = inspect.signature(api)
    names = list(signature.parameters)[:arity]

    def target(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        operands = [bound.arguments.pop(name) for name in names]
        rest = dict(bound.arguments)

        def api_func(*values):
            return api(**dict(zip(names, values)), **rest)
        return handler(api_func, *operands)
    target.__name__ = target.__qualname__ = 'elementwise_dispatch_target_for_%s' % api.__name__
    return target


def _api_function(api):
    original = getattr(api, _ORIGINAL, api)
    if not isinstance(original, types.FunctionType) or id(original) not in _binding_index():
        raise ValueError('%r does not support dispatch.' % (api,))
    return original


def _apis(names):
    """The tapeflow functions of TensorFlow's API names ('math.abs'), each once; names tapeflow lacks are
    skipped."""
    import framework
    seen, out = set(), []
    for name in names:
        value = framework
        for part in name.split('.'):
            value = getattr(value, part, None)     # loads a lazy namespace (tf.io, tf.image) it names
        value = getattr(value, _ORIGINAL, value)
        if isinstance(value, types.FunctionType) and id(value) not in seen:
            seen.add(id(value))
            out.append(value)
    return out


def _binding_index():
    """{id(function): [(namespace, attribute), ...]}: where the public ``framework`` namespaces bind each
    function (a dispatching wrapper under its API's id). One walk over what is loaded (``vars``, not
    ``getattr``: lazy modules stay unloaded), keras left out."""
    framework = sys.modules['framework']
    index, seen, todo = {}, set(), [framework]
    while todo:
        namespace = todo.pop()
        if id(namespace) in seen:
            continue
        seen.add(id(namespace))
        for attribute, value in list(vars(namespace).items()):
            if attribute.startswith('_'):
                continue
            if isinstance(value, types.FunctionType):
                key = id(getattr(value, _ORIGINAL, value))
                index.setdefault(key, []).append((namespace, attribute))
            elif isinstance(value, types.SimpleNamespace) or (
                    isinstance(value, types.ModuleType) and value.__name__.startswith('framework')
                    and not value.__name__.startswith('framework.keras')):
                todo.append(value)
    return index


def _check_parameters(api_signature, target_signature):
    """TensorFlow's rule: the target has the API's parameters, the same names and kinds in the same
    order (defaults and annotations may differ); a target without ``name`` gets the API's (TF adds a
    name scope); a target of only ``*args, **kwargs`` takes anything."""
    params = list(target_signature.parameters.values())
    kinds = [p.kind for p in params]
    if kinds == [inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD]:
        return
    api = [(p.name, p.kind) for p in api_signature.parameters.values()]
    target = [(p.name, p.kind) for p in params]
    if 'name' in api_signature.parameters and 'name' not in target_signature.parameters:
        target.append(('name', api_signature.parameters['name'].kind))
        params.append(api_signature.parameters['name'])
        target_signature = target_signature.replace(parameters=params)
    if api != target:
        raise ValueError("Dispatch function's signature %s does not match API's signature %s."
                         % (target_signature, api_signature))


def _checkers(signature, api_signature):
    checkers = {}
    for name, annotation in signature.items():
        if name not in api_signature.parameters:
            raise ValueError('Dispatch signature names parameter %r, which the API %s does not have.'
                             % (name, api_signature))
        checkers[name] = _checker(annotation)
    return checkers


def _checker(annotation):
    """A predicate for values of the type ``annotation`` (TensorFlow's dispatch type annotations)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union:
        options = [_checker(a) for a in typing.get_args(annotation)]
        return lambda value: any(check(value) for check in options)
    if origin in (list, tuple, collections.abc.Sequence):
        items = [a for a in typing.get_args(annotation) if a is not Ellipsis]
        if len(items) != 1:
            raise TypeError('dispatch: %s: a list or tuple type takes one item type (Tuple[T, ...])' % annotation)
        item = _checker(items[0])
        return lambda value: isinstance(value, (list, tuple)) and all(item(v) for v in value)
    if annotation is None or annotation is type(None):
        return lambda value: value is None
    if isinstance(annotation, type):
        return lambda value: isinstance(value, annotation)
    raise TypeError('dispatch: unsupported type annotation %r (a class, Union, Optional, or List/Tuple of one)'
                    % (annotation,))
