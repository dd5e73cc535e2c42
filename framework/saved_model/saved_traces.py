"""A loaded tf.function runs only the traces that were saved, as TensorFlow's does.

TensorFlow saves a tf.function as its concrete functions (no Python), so after loading, a call whose
arguments fit none of them is a ValueError ('Could not find matching concrete function to call
loaded from the SavedModel.'). tapeflow pickles the Python and could trace anew; to keep programs
honest it records each root tf.function's traced input signatures at save and refuses the same calls.
"""
import numpy as np

from ..concrete_function import ConcreteFunction
from ..function import Function
from ..function_keys import accepts
from ..nest import flatten
from ..ops.tensor_spec import TensorSpec
from ..tensor import Tensor

# Arguments TensorFlow's loaded function converts to tensors where a saved trace has one (tapeflow
# lets calls with them through unchecked)
_CONVERTED = (bool, int, float, list, tuple, np.ndarray)
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
    for name in dir(type(obj)):
        if not isinstance(getattr(type(obj), name, None), Function):
            continue
        bound = getattr(obj, name)
        if bound.input_signature is None:
            options = [ConcreteFunction(bound, entry).structured_input_signature for entry in bound._traces]
            if all(_plain(option) for option in options):
                found[name] = options
    return found


def _item(value, name):
    if isinstance(value, Tensor):
        return "<tf.Tensor '%s:0' shape=%s dtype=%s>" % (name, value.shape, value.dtype.name)
    return repr(value)


def _arguments(items):
    return '  Positional arguments (%d total):\n%s  Keyword arguments: {}' % (
        len(items), ''.join('    * %s\n' % item for item in items))


def check_call(function, options, args, kwargs):
    """Refuse a call that fits none of the saved traces ``options`` of the loaded ``function``.

    Python numbers, lists and arrays where a trace has a tensor are converted by TensorFlow's loaded
    function; tapeflow lets calls with them through without checking.

    Raises:
        ValueError: TensorFlow's text, listing the call's canonical arguments and the saved options;
            for a function saved without traces, TensorFlow's 'Found zero restored functions'.
    """
    if not options:
        raise ValueError('Found zero restored functions for caller function.')
    if any(isinstance(value, _CONVERTED) for value in list(args) + list(kwargs.values())):
        return
    key, _ = function._key(args, kwargs)
    for saved_args, saved_kwargs in options:
        if accepts(function._key(saved_args, saved_kwargs)[0], key):
            return
    names = function._binder.names
    values = function._binder.bind(args, kwargs)
    got = _arguments([_item(value, name) for value, name in zip(values, names)])
    blocks = ['Option %d:\n%s' % (i + 1, _arguments([repr(v) for v in saved_args]))
              for i, (saved_args, _) in enumerate(options)]
    raise ValueError('Could not find matching concrete function to call loaded from the SavedModel. Got:\n%s\n\n '
                     'Expected these arguments to match one of the following %d option(s):\n\n%s'
                     % (got, len(options), '\n\n'.join(blocks)))
