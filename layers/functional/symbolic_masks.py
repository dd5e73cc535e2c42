"""Masks in a symbolic call: the masks a layer records on its KerasTensors (an Embedding's mask_zero), the
ones handed on to layers that take a ``mask`` argument, and how they hang on the call's outputs, as Keras 3 does."""
import inspect

from framework import nest
from framework.losses.tensor_notes import get_keras_mask
from framework.tape import paused
from framework.tensor import SymbolicTensorError, Tensor

from ..mask_propagation import defines_compute_mask, is_merge, output_mask, takes_mask, warn_mask_dropped
from .keras_tensor import KerasTensor
from .keras_filled_arguments import keras_records_filled_arguments
from .symbolic_stand_in_runs import run_on_zeros_of_fitting_length


def with_recorded_mask(layer, inputs, args, kwargs):
    """Keras 3 passes a lone input's mask to a layer whose ``call`` takes ``mask`` and records it
    with the call: when that mask is an op's output (an Embedding's NotEqual), the op joins the
    graph (a summary row, 'Connected to' both). Masks from elsewhere ride on the tensors."""
    if 'mask' in kwargs or type(inputs) is not KerasTensor or inputs._mask is None:
        return kwargs
    if inputs._mask._keras_history is None or not takes_mask(type(layer)):
        return kwargs
    if not keras_records_filled_arguments(layer, (inputs,) + tuple(args), kwargs):
        return kwargs           # LSTM(4)(x, training=True): Keras leaves the mask (and its op) out
    return dict(kwargs, mask=inputs._mask)


def recorded_masks(layer, inputs):
    """The output masks ``compute_mask`` gives on the KerasTensors themselves, flattened, when
    it records them as op nodes (Embedding's NotEqual); None when it cannot."""
    merge = is_merge(layer)       # (Keras's Merge and Concatenate compute_mask; tapeflow's rules in mask_propagation)
    if not (merge or defines_compute_mask(type(layer))) or getattr(layer, 'outputs_carry_masks', False):
        return None
    previous = nest.map_structure(lambda x: x._mask if type(x) is KerasTensor else None, inputs)
    try:
        with paused():
            masks = output_mask(layer, inputs, previous) if merge else layer.compute_mask(inputs, previous)
    except SymbolicTensorError:
        # a TensorFlow op (tf.math.not_equal) or numpy on the KerasTensors: Keras 3 calls compute_mask on
        # them (Layer.__call__'s _set_mask_metadata) and fails there, as text_generation_fnet does on TF
        raise
    except Exception:        # noqa: BLE001 -- a compute_mask that needs values: masks come from the zeros run
        return None
    flat = nest.flatten(masks)
    if not any(type(m) is KerasTensor and m._keras_history is not None for m in flat):
        return None
    return flat


def masks_involved(layer, inputs):
    """Whether the call's outputs may carry masks: the inputs carry some, or the layer computes
    them. Those calls run on zeros, so that the masks are found as a concrete call finds them.
    Keras 3 sets output masks only where ``supports_masking`` (a nested model's outputs carry none)."""
    if not layer.supports_masking:
        if any(type(x) is KerasTensor and x._mask is not None for x in nest.flatten(inputs)):
            warn_mask_dropped(layer)        # Keras warns on the symbolic call as on an eager one
        return False
    return defines_compute_mask(type(layer)) or \
        any(type(x) is KerasTensor and x._mask is not None for x in nest.flatten(inputs))


def give_masks(layer, inputs, args, kwargs, outputs):
    """Hang the output masks on ``outputs``: found by a run on zeros, or, for a layer whose
    compute_mask only hands on its input's mask (an RNN's), from compute_mask on the symbolic masks
    with no run, as Keras 3 runs no call there: a custom cell's sublayers then stay unbuilt until
    the first real call (Géron's LNSimpleRNNCell: the summary counts 0 parameters, as TF 2.21)."""
    if not getattr(layer, 'masks_only_handed_on', False):
        hang_masks(outputs, *run_on_zeros_of_fitting_length(layer, inputs, args, kwargs)[0],
                    recorded=recorded_masks(layer, inputs))
        return
    previous = kwargs.get('mask')      # an explicit mask=, else the one the input carries
    if previous is None:
        previous = nest.map_structure(lambda x: x._mask if type(x) is KerasTensor else None, inputs)
    masks = layer.compute_mask(inputs, previous)
    flat_outputs = nest.flatten(outputs)
    flat_masks = masks if isinstance(masks, (list, tuple)) else [masks]
    for output, mask in zip(flat_outputs, flat_masks):
        if type(output) is KerasTensor and type(mask) is KerasTensor:
            output._mask = mask


def masks_from_keras_tensors(layer, inputs, kwargs, outputs):
    """Keras 3's output masks of a call that ran no call (compute_output_spec): compute_mask on the KerasTensors
    with the given mask, else the first argument's (Layer.__call__'s previous_mask), hung as it gives them;
    True when that settled them. None there means no output mask (Attention()([Input((3, 4)), Input((5, 6))])
    builds (None, 3, 6) in TF 2.21, where a run on zeros fails in its matmul); Attention's mask is its
    convert_to_tensor op's output, a KerasTensor of its own. A compute_mask that fails on KerasTensors or gives
    something else than KerasTensors leaves them to the run on zeros (False)."""
    previous = kwargs.get('mask')
    if previous is None:
        previous = nest.map_structure(lambda x: x._mask if type(x) is KerasTensor else None, inputs)
    try:
        with paused():
            masks = layer.compute_mask(inputs, previous)
    except Exception:       # noqa: BLE001 -- a compute_mask that needs values
        return False
    if masks is None:
        return True
    flat_masks, flat_outputs = nest.flatten(masks), nest.flatten(outputs)
    if not all(m is None or type(m) is KerasTensor for m in flat_masks):
        return False
    for output, mask in zip(flat_outputs, flat_masks):      # (Keras zips them: scores get none)
        if type(output) is KerasTensor and mask is not None:
            output._mask = mask
    return True


def with_filled_input_masks(layer, args, shown):
    """Keras 3's __call__ fills, for a call of several tensor arguments, each ``<argument>_mask`` the call takes
    and was not given with that argument's mask, after the given keywords (GroupQueryAttention(q, v, key=k):
    TF 2.21 lists kwargs={'key': ..., 'query_mask': 'None', 'value_mask': 'None', 'key_mask': 'None'})."""
    try:
        signature = inspect.signature(layer.call)
        bound, names = signature.bind(*args, **shown).arguments, signature.parameters
    except (TypeError, ValueError):
        return shown
    tensors = {k: v for k, v in bound.items() if any(isinstance(x, (Tensor, KerasTensor)) for x in nest.flatten(v))}
    if len(tensors) < 2:
        return shown
    filled = dict(shown)
    for name, value in tensors.items():
        if name + '_mask' in names and bound.get(name + '_mask') is None:
            filled[name + '_mask'] = nest.map_structure(lambda t: getattr(t, '_mask', None), value)
    return filled


def hang_masks(outputs, concrete, masks, free, recorded=None):
    """Give each output KerasTensor the symbolic form of the mask its concrete twin carries: an
    input's mask passed on keeps its KerasTensor (Keras hangs the same one on the output); a
    computed one is the op node's output that ``compute_mask`` recorded, if it did, else a new
    bool KerasTensor, free where the output's leading axes are."""
    flat_outputs = nest.flatten(outputs)
    if recorded is not None and len(recorded) != len(flat_outputs):
        recorded = None
    for index, (symbolic, value) in enumerate(zip(flat_outputs, nest.flatten(concrete))):
        mask = get_keras_mask(value) if isinstance(value, Tensor) else None
        if mask is None or type(symbolic) is not KerasTensor:
            continue
        known = masks.get(id(mask))
        if known is None and recorded is not None and type(recorded[index]) is KerasTensor:
            known = recorded[index]
        if known is None:
            shape = tuple(mask.shape)
            known = KerasTensor(tuple(symbolic.shape[i] if i < symbolic.ndim and symbolic.shape[i] is None else d
                                      for i, d in enumerate(shape)), 'bool')
        symbolic._mask = known
