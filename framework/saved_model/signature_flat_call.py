"""TensorFlow's second try at calling a loaded signature: its flat call.

A signature's wrapper takes keyword tensors only; when that binding fails, TensorFlow retries with
the wrapper's flat signature (its inputs in sorted-name order, the one input of a one-input
signature also positionally) and, where that fails too, appends why to its binding error. The
flat call converts nothing, so only an eager tensor passes positionally.
"""
from ..tensor import Tensor
from ..variable import Variable


def takes_flat(value):
    """Whether the flat call takes ``value`` positionally: an eager tensor (not a numpy array, a list
    or a variable)."""
    return isinstance(value, Tensor) and not isinstance(value, Variable)


def flat_call_error(wrapper_name, input_names, args, kwargs):
    """Why the flat call of ``wrapper_name`` fails for ``args`` / ``kwargs``, in TensorFlow's words and
    the order of its checks (concrete_function._call_with_flat_signature)."""
    keywords = sorted(input_names)
    summary = '%s(%s)' % (wrapper_name, ', '.join(keywords))
    allowed = 1 if len(keywords) == 1 else 0
    if len(args) > allowed:
        return '%s takes %d positional arguments, got %d.' % (summary, allowed, len(args))
    positional = keywords[:len(args)]
    missing = [name for name in keywords if name not in positional and name not in kwargs]
    if missing:
        return '%s missing required arguments: %s.' % (summary, ', '.join(missing))
    unused = [name for name in kwargs if name not in keywords[len(args):]]
    for name in unused:
        if name in positional:
            return "%s got two values for '%s'." % (summary, name)
    if unused:
        return '%s got unexpected keyword arguments: %s.' % (summary, ', '.join(sorted(unused)))
    # a tf.Variable passes the flat call's type check and is refused by the eager executor, in its
    # words (no period); a Keras variable is no tf.Variable in TF 2.21 and fails the type check
    # (the inputs in the flat order: positional, then by sorted keyword; the first that is no tensor)
    values = list(args) + [kwargs[name] for name in keywords[len(args):]]
    index = next((i for i, value in enumerate(values) if not takes_flat(value)), 0)
    if isinstance(values[index], Variable) and values[index]._path is None:
        return "provided list of inputs contains objects other than 'EagerTensor'. Item %d is type: " \
               'ResourceVariable' % index
    return '%s: expected argument #%d(zero-based) to be a Tensor; got %s (%s).' % (
        summary, index, type(values[index]).__name__, values[index])
