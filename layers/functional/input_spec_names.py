"""Keras 3's InputSpec check of a functional model's call inputs, by the names it expects.

Keras checks a model's inputs in ``Layer.__call__`` before ``call()`` (``assert_input_compatibility``),
so these errors come bare, not as 'Exception encountered when calling Functional.call()'. A dict is
read by name: one without an expected key is refused even when it holds as many arrays (tapeflow used
to flatten ``{'a': .., 'c': ..}`` by sorted keys and feed 'c' to Input 'b').
"""
from framework import nest

from .keras_tensor import KerasTensor


def spec_names(model):
    """The names of the model's InputSpecs in its inputs' order: a dict of Inputs' sorted keys, else
    each InputLayer's name; None for a deeper nested dict (Keras then skips the check)."""
    struct = model._inputs_struct
    if isinstance(struct, dict):
        if all(isinstance(value, KerasTensor) for value in struct.values()):
            return sorted(struct)
        return None
    return [tensor._keras_history[0].name for tensor in model._inputs]


def check_inputs_by_name(model, inputs):
    """Raise Keras 3's ValueError for a dict lacking an expected name or a call with another count."""
    names = spec_names(model)
    if names is None:
        return
    error = named_inputs_error(model.name, names, inputs)
    if error is not None:
        raise _bare(error)


def refuse_missing_inputs(model, inputs):
    """Keras 3's Functional._assert_input_compatibility, before the InputSpec check: None given for an
    Input that is not optional (its name, as Keras's tensor names it). tapeflow used to try converting
    it ('Attempt to convert a value (None) ...') or to count it as a missing input."""
    for value, tensor in zip(nest.flatten(inputs), model._inputs):
        if value is None and not getattr(tensor._keras_history[0], 'optional', False):
            raise _bare(not_optional_error(model.name, tensor.name))


def not_optional_error(model_name, input_name):
    """Keras 3's ValueError for None given to the Input whose tensor is named ``input_name``."""
    error = ValueError("The input '%s' is not optional, but None was passed. Please provide a valid tensor."
                       % input_name)
    error.add_note('%s: input %r was given None; pass a tensor or an array for it' % (model_name, input_name))
    return error


def named_inputs_error(layer_name, names, inputs):
    """Keras 3's ValueError (assert_input_compatibility's) for ``inputs`` given to a layer whose
    InputSpecs are named ``names``: a dict lacking one of them, or another count of tensors; else None."""
    if isinstance(inputs, dict):
        for name in names:
            if name not in inputs:
                return ValueError('Missing data for input "%s". You passed a data dictionary with keys %s. '
                                  'Expected the following keys: %s' % (name, list(inputs.keys()), names))
        return None
    count = len(nest.flatten(inputs))
    if count != len(names):
        return ValueError('Layer "%s" expects %d named input(s) with keys %s, but it received %d input tensors. '
                          'Pass inputs as a dict, e.g. `layer({%s})`.'
                          % (layer_name, len(names), names, count, ', '.join("'%s': ..." % n for n in names)))
    return None


def _bare(error):
    error._keras_call_info_injected = True      # checked before call(): no call-argument wrapping
    return error
