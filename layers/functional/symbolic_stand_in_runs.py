"""Running a layer's ``call`` on stand-in zeros to learn its output's shape when it defines no shape rule
(Keras 3 traces ``call`` on symbolic tensors instead): which lengths the stand-ins may take, and which output
lengths stay open (None) because they follow an open input length."""
import numpy as np

from framework import graph_gradients, nest
from framework.losses.tensor_notes import set_keras_mask
from framework.backend import array_module
from framework.placement import current_xp
from framework.tape import paused
from framework.tensor import Tensor
from framework import assert_statements, symbolic_iteration, trace_names, trace_prints, traced_ops
from framework.graph_scopes import GraphScopes
from framework.eager_graph_names import scratch_graph
from framework.dtypes import display_name
from framework.function import replaying

from .. import call_context
from .fitting_batch import fitting_batch
from .keras_tensor import KerasTensor
from .symbolic_ops import axes_that_differ


def run_on_zeros_of_fitting_length(layer, inputs, args, kwargs, traced=None):
    """``_run_on_zeros`` with free inner axes 1 long, or 64 where that fails (a Sequential of
    Conv2D(4, 4, strides=4) on (None, None, 3) images: Keras's symbolic shapes need no length);
    returns (its result, the two lengths that find the free output axes)."""
    try:
        return _run_on_zeros(layer, inputs, args, kwargs, traced=traced), (1, 2)
    except Exception as error:          # noqa: BLE001 -- retried longer, and raised again if that fails too
        batch = fitting_batch(error) if _batch_free(inputs, args, kwargs) else None
        if batch is None and not _inner_axes_free(inputs, args, kwargs):
            raise
    if batch is not None:               # a call that reshapes to a fixed batch (see fitting_batch): it stays
        outputs, masks, _ = _run_on_zeros(layer, inputs, args, kwargs, batch_length=batch)
        return (outputs, masks, False), (1, 2)
    return _run_on_zeros(layer, inputs, args, kwargs, inner_length=64, traced=traced), (64, 96)


def _batch_free(inputs, args, kwargs):
    return any(type(x) is KerasTensor and x.ndim and x.shape[0] is None
               for x in nest.flatten((inputs, list(args), kwargs)))


def _inner_axes_free(inputs, args, kwargs):
    return any(type(x) is KerasTensor and None in x.shape[1:] for x in nest.flatten((inputs, list(args), kwargs)))


def axes_following_free_axes(layer, inputs, args, kwargs, concrete, lengths=(1, 2)):
    """For each flattened output of ``concrete``, the axes whose length follows the inputs' free
    axes other than the batch: found by a second run with those axes 2 long instead of 1. Without
    such inputs, or when the second run fails or changes the outputs' ranks (a layer that squeezes
    a length-1 axis), the first run's lengths stand."""
    flat = nest.flatten(concrete)
    none = [()] * len(flat)
    if not any(type(x) is KerasTensor and None in x.shape[1:] for x in nest.flatten((inputs, list(args), kwargs))):
        return none
    axes = _axes_of_another_run(layer, inputs, args, kwargs, flat, inner_length=lengths[1])
    return none if axes is None else axes


def open_stand_in_batches(layer, inputs, args, kwargs, concrete, traced):
    """Open the first axis of traced output shapes that hold the stand-in batch's 1 only because an op the
    trace does not know (no shape rule: its output keeps the run's shape) passed it on: keras.io's MLP-Mixer
    Patches layer reshapes extract_patches' output by its ops.shape, (1, 4, 48) where TF gives (None, 4, 48).
    A second run on a batch of 2 tells them apart from a first axis a layer computes (tf.stack([b, 1]): 2)."""
    flat = nest.flatten(concrete)
    suspects = {id(t) for t in flat if isinstance(t, Tensor) and (traced.get(id(t)) or (None,))[0] == 1}
    if not suspects:
        return
    axes = _axes_of_another_run(layer, inputs, args, kwargs, flat, batch_length=2)
    for t, differing in zip(flat, axes or ()):
        if 0 in differing and id(t) in suspects:
            traced[id(t)] = (None,) + tuple(traced[id(t)][1:])


def _axes_of_another_run(layer, inputs, args, kwargs, flat, **lengths):
    """axes_that_differ between the first run's flattened outputs ``flat`` and a second run with other
    ``lengths`` (_run_on_zeros' inner_length / batch_length), its prints muted as Keras runs ``call`` once;
    None where that run fails (a layer that only works at the first lengths: those stand) or disagrees."""
    try:
        with replaying():
            again = nest.flatten(_run_on_zeros(layer, inputs, args, kwargs, **lengths)[0])
    except Exception:       # noqa: BLE001 -- the first run's lengths stand
        return None
    return axes_that_differ(flat, again)


def _unconverted():
    """Keras 3's symbolic call runs the layer's Python as it is in a scratch FuncGraph: AutoGraph converts
    nothing, so a tensor ``if`` / ``for`` in call() raises OperatorNotAllowedInGraphError (TF 2.21), which
    the output-spec inference then rewords ('Could not automatically infer the output shape ...')."""
    assert_statements.install()
    symbolic_iteration.install()
    return assert_statements.running(False, 'compute_output_spec')


def _run_on_zeros(layer, inputs, args, kwargs, inner_length=1, batch_length=1, traced=None):
    """The layer called on zeros (free axes 1 long; past the batch axis ``inner_length``), with tapes
    paused: (its concrete outputs, the KerasTensor each all-True input mask stood for, by the
    concrete mask's id, whether the batch axis is free). ``traced``, a dict, gets the shape the run's
    trace gave each output (by id) where it knows one: TF's shape functions, which see
    ``tf.shape(x)[0]`` as an open length (``tf.reshape(x, [b, -1, 1])`` is (None, None, 1)).

    The call uses ``training=False`` so that nothing (moving statistics, dropout
    streams) changes; the layer's losses of the latest call are kept. A symbolic
    input mask becomes an all-True mask on the zeros, so that the call finds and
    computes masks as a concrete call does.
    """
    weights = layer.weights
    xp = array_module(weights[0]._data) if weights else current_xp()
    batch_free = [x.shape[0] is None and batch_length == 1 for x in nest.flatten((inputs, list(args), kwargs))
                  if type(x) is KerasTensor and x.ndim]
    masks = {}
    placeholders = {}       # what a print in ``call`` shows: Keras's placeholders (see placeholder_names)

    def zeros(x, dtype=None):
        if type(x) is not KerasTensor:
            return x
        # zeros; a bool tensor (an explicit mask) all True, as the symbolic masks below; a string
        # input (a model of tf.string Inputs called on them) empty strings, on the host as strings live
        shape = _concrete(x.shape, inner_length, batch_length)
        if dtype is not None:
            value = Tensor(xp.zeros(shape, dtype))
        elif x.dtype == 'string':
            value = Tensor(np.full(shape, b'', dtype=object))
        else:
            value = Tensor((xp.ones if x.dtype == 'bool' else xp.zeros)(shape, x.dtype))
        placeholders[id(value)] = (placeholder_name(len(placeholders)), tuple(x.shape), display_name(value._data.dtype))
        if x._mask is not None:
            mask = Tensor(xp.ones(_concrete(x._mask.shape, inner_length, batch_length), bool))
            set_keras_mask(value, mask)
            masks[id(mask)] = x._mask
        return value

    kwargs = {key: value for key, value in kwargs.items() if key != 'training'}
    # Each layer that runs gets fresh loss lists, put back afterwards: a call appends to the list
    # it finds, and the zeros' losses must not stay in ``model.losses`` (Keras 3 keeps none).
    saved = [(each, each._losses) for each in layer._flatten_layers()]
    for each, _ in saved:
        each._losses = []
    # Keras's symbolic call passes no ``training`` (a print shows None); inside a call that has a
    # flag, False keeps it from reaching the zeros.
    enclosing = call_context.state().stack
    training = None if not enclosing or enclosing[-1][1] is None else False
    # Keras's symbolic call runs inside a StatelessScope (backend compute_output_spec): the layer's
    # variable writes (a call counting itself with assign_add) are dropped, new variables kept
    from framework.keras.stateless_scope import StatelessScope    # framework.keras imports the layers
    try:
        # (and in a scratch graph: its tf.print never runs)
        with paused(), call_context.probe(bool(batch_free) and all(batch_free)), StatelessScope(), \
                trace_prints.held(run=False), scratch_graph():
            # Keras 3's Lambda infers its output from KerasTensors of its compute dtype, whatever the
            # inputs' dtypes (lambda_layer.compute_output_shape): a string op on a string Input fails there
            as_dtype = layer.compute_dtype if getattr(layer, '_output_shape_from_call', False) else None
            stand_ins = (nest.map_structure(lambda x: zeros(x, as_dtype), inputs), nest.map_structure(zeros, list(args)),
                         nest.map_structure(zeros, kwargs))
            # an explicit mask=KerasTensor that the layer passes on (a GRU with return_sequences) is
            # hung on the outputs itself, as Keras's previous_mask: the next layer then records it
            for symbolic, value in zip(nest.flatten(kwargs.get('mask')), nest.flatten(stand_ins[2].get('mask'))):
                if type(symbolic) is KerasTensor:
                    masks[id(value)] = symbolic
            # Names inside Keras's symbolic call start below the layer ('dense/Relu:0')
            outer = len(call_context.enclosing_names(None)) + 1
            # (ops run in the call are named in Keras's scratch graph: a print or a shape error shows them)
            # (Keras runs call() unconverted there: a tensor `if` / `for` in it meets TF's refusal)
            with trace_names.naming(placeholders, (1, True) if batch_free and all(batch_free) else None, outer,
                                    ops=GraphScopes()), traced_ops.hooked(), _unconverted():
                # (no training at all where it is None: a given None would reach call() as None)
                given = {} if training is None else {'training': training}
                out = _call_on_stand_ins(layer, stand_ins, given)
    finally:
        for each, losses in saved:
            each._losses = losses
    if traced is not None:
        for t in nest.flatten(out):
            entry = placeholders.get(id(t)) if isinstance(t, Tensor) else None
            if entry is not None and entry[1] is not None and len(entry[1]) == t._data.ndim:
                traced[id(t)] = entry[1]
    return out, masks, bool(batch_free) and all(batch_free)


def _call_on_stand_ins(layer, stand_ins, given):
    """``layer`` called on the stand-ins; where that meets tf.gradients (keras.io's eikonal solver's Lambda),
    again with a tape recording the run, which TF's scratch graph answers it from (framework/graph_gradients.py):
    the layer remembers, so later symbolic calls and its functional model's steps record from the start."""
    if not layer.__dict__.get('_graph_gradients'):
        graph_gradients.asked()         # (forget a refusal from elsewhere)
        try:
            return layer(stand_ins[0], *stand_ins[1], **given, **stand_ins[2])
        except Exception:       # noqa: BLE001 -- raised again unless tf.gradients refused
            if not graph_gradients.asked():
                raise
        layer.__dict__['_graph_gradients'] = True       # (a plain attribute: no tracking)
    with graph_gradients.recording(stand_ins):
        return layer(stand_ins[0], *stand_ins[1], **given, **stand_ins[2])


def placeholder_name(index):
    """Keras 3's TF backend runs a symbolic call on placeholders named as TF's graphs number them."""
    return 'Placeholder' if index == 0 else 'Placeholder_%d' % index


def _concrete(shape, inner_length=1, batch_length=1):
    return tuple((batch_length if i == 0 else inner_length) if d is None else d for i, d in enumerate(shape))
