"""A loaded tf.function runs only the traces that were saved, as TensorFlow's does.

TensorFlow saves a tf.function as its concrete functions (no Python), so after loading, a call whose
arguments fit none of them is a ValueError ('Could not find matching concrete function to call
loaded from the SavedModel.'). tapeflow pickles the Python and could trace anew; to keep programs
honest it records each root tf.function's traced input signatures at save and refuses the same calls.
"""
import pprint
import warnings

import numpy as np

from ..concrete_function import ConcreteFunction
from ..function import Function
from ..function_keys import accepts
from ..nest import flatten, map_structure
from ..ops.tensor_spec import TensorSpec
from ..tensor import Tensor, convert_to_tensor

# Python values TensorFlow's loaded function converts to a saved trace's tensor spec
_PYTHON = (bool, int, float, list, tuple)
_PLAIN = (TensorSpec, bool, int, float, str, bytes, type(None))


def _plain(signature):
    """Only TensorSpecs and Python literals: a trace keyed by another object (a Python object
    argument) is not recorded, so saving never has to pickle it."""
    return all(type(leaf) in _PLAIN for leaf in flatten(signature))


def traced_signatures(obj):
    """{attribute: [(args, kwargs) per trace]} for the tf.functions of ``obj`` without input_signature
    (those with one already refuse other inputs) whose traces take tensors and Python literals; a
    function never traced saves none."""
    found = {}
    # TensorFlow's save reads every attribute of the saved object with warnings ignored
    # (AutoTrackable._trackable_children: catch_warnings + simplefilter('ignore')); entering
    # catch_warnings also resets Python's once-per-place registry, so a warning shown before
    # tf.saved_model.save shows again after it (the distributed save_and_load tutorial's second
    # model prints Keras's input_shape warning twice on TF 2.21).
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        functions = [name for name in dir(type(obj)) if isinstance(getattr(type(obj), name, None), Function)]
    for name in functions:
        bound = getattr(obj, name)
        if bound.input_signature is None:
            options = [ConcreteFunction(bound, entry).structured_input_signature for entry in bound._traces]
            if all(_plain(option) for option in options):
                found[name] = options
    return found


class _ShownPlaceholder:
    """A tensor argument as TF's refusal lists it: the graph placeholder it was fed to."""

    def __init__(self, tensor, name):
        self.text = "<tf.Tensor '%s:0' shape=%s dtype=%s>" % (name, tensor.shape, tensor.dtype.name)

    def __repr__(self):
        return self.text


def _item(value, name):
    """The argument ``value`` of parameter ``name`` as TF's refusal lists it: pretty-printed (a long
    structure wraps), each tensor shown as its placeholder, named as the graph uniquifies the
    parameter's name ('p', 'p_1', ... for the tensors in a list p)."""
    count = [0]

    def shown(leaf):
        if not isinstance(leaf, Tensor):
            return leaf
        unique = name if count[0] == 0 else '%s_%d' % (name, count[0])
        count[0] += 1
        return _ShownPlaceholder(leaf, unique)

    return pprint.pformat(map_structure(shown, value))


def _arguments(items):
    return '  Positional arguments (%d total):\n%s  Keyword arguments: {}' % (
        len(items), ''.join('    * %s\n' % item for item in items))


_MISFIT = object()      # a value that cannot be fed to the trace's spec
_UNSURE = object()      # a container this check does not walk: the call is let through


def _fit(value, spec):
    """``value`` as TensorFlow's loaded function feeds it to ``spec`` (one saved argument): a Python
    number or list where the trace has a tensor converted to its dtype, a list, tuple or dict walked
    item by item against the trace's own (TF's nest.flatten_up_to: another length or set of keys fits
    no trace, as the keys compared afterwards tell). _MISFIT when a leaf does not convert; _UNSURE
    for another kind of container (a namedtuple) meeting a structure."""
    if isinstance(value, Tensor):
        return value
    if isinstance(spec, TensorSpec):
        if isinstance(value, (np.ndarray, np.generic)):
            return convert_to_tensor(value)
        if isinstance(value, _PYTHON):
            try:
                return convert_to_tensor(value, spec.dtype)
            except (TypeError, ValueError):
                return _MISFIT
        return value
    if type(spec) not in (list, tuple, dict):
        walkable = isinstance(spec, (list, tuple, dict)) and isinstance(value, (list, tuple, dict))
        return _UNSURE if walkable else value
    if type(value) is not type(spec) or len(value) != len(spec) or (
            type(spec) is dict and set(value) != set(spec)):
        return value        # another structure: its key matches no trace's
    if type(spec) is dict:
        items = {key: _fit(value[key], spec[key]) for key in spec}
        parts = list(items.values())
    else:
        parts = [_fit(item, part) for item, part in zip(value, spec)]
    if any(part is _MISFIT for part in parts):
        return _MISFIT
    if any(part is _UNSURE for part in parts):
        return _UNSURE
    return {key: items[key] for key in value} if type(spec) is dict else type(spec)(parts)


def _fitted(values, saved_args):
    """``values`` (the call's arguments in parameter order) as TensorFlow's loaded function feeds them
    to the trace ``saved_args`` (see _fit). None when one does not convert; _UNSURE when a container
    of another kind meets a structure."""
    fitted = []
    for value, spec in zip(values, saved_args):
        value = _fit(value, spec)
        if value is _MISFIT:
            return None
        if value is _UNSURE:
            return _UNSURE
        fitted.append(value)
    return fitted


def check_call(function, options, args, kwargs):
    """The arguments to call the loaded ``function`` with (converted as TensorFlow feeds its trace);
    refuse a call that fits none of the saved traces ``options``.

    As TensorFlow's loaded function: numpy values become tensors of their own dtype, Python numbers and
    lists take the dtype of a trace's tensor. A Python container where a trace has a structure is let
    through unchecked.

    Raises:
        ValueError: TensorFlow's text, listing the call's canonical arguments and the saved options;
            for a function saved without traces, TensorFlow's 'Found zero restored functions'.
    """
    if not options:
        raise ValueError('Found zero restored functions for caller function.')
    values = [convert_to_tensor(v) if isinstance(v, (np.ndarray, np.generic)) else v
              for v in function._binder.bind(args, kwargs)]
    for saved_args, saved_kwargs in options:
        if saved_kwargs or len(saved_args) != len(values):      # keyword-only parameters: not checked
            return args, kwargs
        fitted = _fitted(values, saved_args)
        if fitted is _UNSURE:
            return args, kwargs
        if fitted is not None and accepts(function._key(saved_args, {})[0], function._key(tuple(fitted), {})[0]):
            return tuple(fitted), {}
    names = function._binder.names
    got = _arguments([_item(value, name) for value, name in zip(values, names)])
    blocks = ['Option %d:\n%s' % (i + 1, _arguments([pprint.pformat(v) for v in saved_args]))
              for i, (saved_args, _) in enumerate(options)]
    raise ValueError('Could not find matching concrete function to call loaded from the SavedModel. Got:\n%s\n\n '
                     'Expected these arguments to match one of the following %d option(s):\n\n%s'
                     % (got, len(options), '\n\n'.join(blocks)))
