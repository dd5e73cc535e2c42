"""How a loaded tf.function's ``pretty_printed_concrete_signatures()`` reads in TF 2.21.

TensorFlow revives each saved trace from the SavedModel's structured signatures, whose TensorSpecs the
save named by their path (func_graph.convert_structure_to_signature): an input by its parameter, a
structure's part as 'p_0' / 'd_k' unless its spec had a name of its own ('zz'); an output by its path
sanitized ('b', 'a_0', a list's 'tensor_0', a lone tensor's 'unknown'). The revived functions capture
nothing of the live Python ('Captures:' is None). A dict's order there is the protobuf map's, which
changes from run to run; this keeps the function's own.
"""
from ..concrete_function import GraphOutput
from ..function_keys import describe
from ..ops.tensor_spec import TensorSpec


def sanitized_spec_name(name):
    """TF's tensor_spec.sanitize_spec_name: lower case, '_' for what is not alphanumeric, 'tensor_' before
    a name that does not start with a letter, 'unknown' for none."""
    if not name:
        return 'unknown'
    swapped = ''.join(c if c.isalnum() else '_' for c in name.lower())
    return swapped if swapped[0].isalpha() else 'tensor_' + swapped


def _text(value, path=()):
    """A signature's value as TF prints it, outputs named by their path (``path`` None: inputs, named)."""
    if isinstance(value, TensorSpec):
        return repr(value)
    if isinstance(value, GraphOutput):
        return repr(TensorSpec(value.shape, value.dtype, sanitized_spec_name('_'.join(str(p) for p in path))))
    if isinstance(value, dict):
        return 'Dict[%s]' % ', '.join('[%r, %s]' % (k, _text(v, path + (k,))) for k, v in value.items())
    if isinstance(value, tuple) and hasattr(type(value), '_fields'):
        return '%s[%s]' % (type(value).__name__, ', '.join(
            '[%r, %s]' % (f, _text(v, path + (f,))) for f, v in zip(value._fields, value)))
    if isinstance(value, (list, tuple)):
        return '%s[%s]' % ('List' if isinstance(value, list) else 'Tuple',
                           ', '.join(_text(v, path + (i,)) for i, v in enumerate(value)))
    if value is None:
        return 'Literal[None]'
    return describe(value)


def restored_signature_text(concrete, verbose=True):
    """The block (verbose) or one line TF 2.21 prints for the saved trace ``concrete`` once loaded."""
    args, kwargs = concrete.structured_input_signature
    values = list(args) + list(kwargs.values())
    parameters = [(name, kind, _text(value)) for (name, kind, _), value in zip(concrete._parameter_texts(), values)]
    output = _text(concrete.structured_outputs) if concrete._known_output_type() is not None else None
    if not verbose:
        return concrete.function_type.parameters_text(parameters) + ('' if output is None else ' -> ' + output)
    lines = ['Input Parameters:'] + ['  %s (%s): %s' % parameter for parameter in parameters]
    if output is not None:
        lines += ['Output Type:', '  ' + output, 'Captures:', '  None']
    return '\n'.join(lines)
