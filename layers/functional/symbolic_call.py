"""A layer called on KerasTensors: build it, infer its outputs, record the call.

``Layer.__call__`` hands such calls here. The output shapes come from the
layer's own ``compute_output_spec`` (given all the call's arguments, as
Keras's Operation.symbolic_call) or ``compute_output_shape``; a layer that
defines neither (or that gets KerasTensors in other arguments than the first)
is run on zeros, a batch of one, with tapes paused, and its outputs' shapes
and dtypes read. Where an
input has free axes besides the batch (a sequence's steps), it runs a second
time with those axes longer: the output axes that change with them are free
too, as Keras's symbolic trace finds them.

Beside it: symbolic_masks.py (masks recorded and handed on), symbolic_stand_in_runs.py
(the runs on zeros), symbolic_call_errors.py (Keras's texts when a call fails).
"""
import contextlib
import inspect

import numpy as np

from framework import nest
from framework.tensor import Tensor
from framework.function_init import initializing

from .. import build_shapes, call_context, naming
from ..build_run import warn_if_left_unbuilt
from ..call_inputs import count_error, first_call_parameter
from .failed_build_run import pending_build_runs, warn_failed_build_run
from .graph_construction_error import as_graph_construction_error
from .keras_filled_arguments import name_input_casts
from .keras_tensor import KerasTensor
from ..input_spec import standardize_shape
from .node import Node, producer
from .symbolic_call_errors import as_keras_lambda_infers, lambda_inference_error, say_inference_failed, \
    symbolic_call_error
from .symbolic_masks import give_masks, hang_masks, masks_from_keras_tensors, masks_involved, recorded_masks, \
    with_recorded_mask
from .symbolic_stand_in_runs import axes_following_free_axes, open_stand_in_batches, run_on_zeros_of_fitting_length


def any_symbolic(inputs, args, kwargs):
    """Whether a KerasTensor is among a call's arguments (cheap for plain tensors)."""
    if type(inputs) is KerasTensor:
        return True
    if args or kwargs or isinstance(inputs, (list, tuple, dict)):
        return any(type(x) is KerasTensor for x in nest.flatten((inputs, list(args), kwargs)))
    return False


def call_symbolic(layer, inputs, args, kwargs, training=None, named=False):
    """Record ``layer(inputs, *args, **kwargs)`` as a Node; returns its KerasTensor outputs.
    ``named``: the call named its first argument (``mha(query=q, value=v)``), and is recorded so."""
    if training is not None:
        kwargs = dict(kwargs, training=training)
    name_input_casts(layer, inputs, args, kwargs)
    shapes = nest.map_structure(_shape_or_value, inputs)
    from ..layer import builds_by_calling          # layer.py imports this module
    # Keras builds such a layer by running its call symbolically, then runs it again for the outputs
    build_run = not layer.built and builds_by_calling(layer)
    with initializing(created=True) if build_run else contextlib.nullcontext():
        return _call_symbolic(layer, inputs, args, kwargs, shapes, named, build_run,
                              pending_build_runs(layer) if build_run else ())


def _name_build_run_outputs(outputs):
    """Keras 3's build run (backend.compute_output_spec of the call, in _maybe_build) makes a KerasTensor
    of each tensor the call returns: they take the next names (keras_tensor_N) before the real outputs do."""
    for _ in (t for t in nest.flatten(outputs) if isinstance(t, Tensor)):
        naming.unique_name('keras_tensor')


def _accepted(method, kwargs):
    """The keyword arguments of a call that ``method`` takes (Keras passes a layer's call arguments
    on to its compute_output_spec: ReversibleEmbedding's ``reverse``)."""
    parameters = inspect.signature(method).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return kwargs
    return {k: v for k, v in kwargs.items() if k in parameters}


def _call_symbolic(layer, inputs, args, kwargs, shapes, named, build_run=False, pending=()):
    if not layer.built:
        _check_spec(layer, inputs)
        names = build_shapes.shape_names(type(layer))
        with call_context.scope(layer):        # sublayers' weights get this layer's path
            if names:       # build(self, a_shape, b_shape): each call argument's shape by name (Keras 3)
                layer._build_from_shapes_dict(build_shapes.shapes_dict(layer, names, inputs, args, kwargs))
            else:
                layer._build_from_shape(shapes)
        note = getattr(layer, '_note_build_call', None)     # Keras builds RNNs from initial_state's shape too
        if note is not None:
            note(args, kwargs)
    elif layer._build_input_shape is None:
        layer._build_input_shape = shapes       # built when made (Flatten): Keras records its first call's shape
    _check_spec(layer, inputs)
    kwargs = with_recorded_mask(layer, inputs, args, kwargs)
    check_inputs = getattr(layer, '_check_symbolic_inputs', None)
    if check_inputs is not None:        # a built Sequential's inner Functional checks them, masked or not
        try:
            check_inputs(inputs)
        except (TypeError, ValueError) as err:
            raise symbolic_call_error(err, layer, (inputs,) + tuple(args), kwargs) from None
    # (the input's own mask, passed on as mask=, needs no run where compute_mask only hands it on)
    others = {k: v for k, v in kwargs.items() if k != 'mask'} if getattr(layer, 'masks_only_handed_on', False) \
        else kwargs
    only_first = not any(type(x) is KerasTensor for x in nest.flatten((list(args), others)))
    shortcut = _graph_outputs(layer, inputs) if only_first else None
    if shortcut is None and only_first:
        _name_long_road(layer, inputs)
    if shortcut is not None:
        outputs = shortcut
    elif not getattr(type(layer).compute_output_spec, 'keras_default', False):
        # Keras 3's own hook: the output KerasTensors' shapes and dtypes (Identity keeps an int dtype; Attention
        # gives its scores' too); new KerasTensors it made are the outputs themselves. It gets all the call's
        # arguments, KerasTensors among them, as Operation.symbolic_call hands them on, and no call runs:
        # MultiHeadAttention(q, v, attention_mask=keras.Input((2, 2))) builds in TF 2.21 (fails on data)
        try:
            spec = layer.compute_output_spec(inputs, *args, **_accepted(layer.compute_output_spec, kwargs))
        except (TypeError, ValueError) as err:      # in the call's banner, as Keras's symbolic call
            raise _from_shape_rule(symbolic_call_error(err, layer, (inputs,) + tuple(args), kwargs)) from None
        outputs = nest.map_structure(lambda t: t if type(t) is KerasTensor and t._keras_history is None else
                                     KerasTensor(t.shape, t.dtype, sparse=getattr(t, 'sparse', False)), spec)
        if masks_involved(layer, inputs) and not masks_from_keras_tensors(layer, inputs, kwargs, outputs):
            give_masks(layer, inputs, args, kwargs, outputs)
    elif only_first and _defines_output_shape(layer):
        try:
            output_shapes = _as_shape_structure(layer, layer.compute_output_shape(shapes))
            # (Keras makes the KerasTensors inside the call too: a size it refuses comes in the banner)
            outputs = _tensors_for_shapes(output_shapes, layer._symbolic_dtype())
        # (Concatenate's axis past the rank: IndexError; a pooling stride of 0: ZeroDivisionError)
        except (TypeError, ValueError, IndexError, ZeroDivisionError) as err:
            raise _from_shape_rule(symbolic_call_error(err, layer, (inputs,) + tuple(args), kwargs)) from None
        if masks_involved(layer, inputs):
            give_masks(layer, inputs, args, kwargs, outputs)
    else:
        try:
            traced = {}
            (concrete, masks, free), lengths = run_on_zeros_of_fitting_length(layer, inputs, args, kwargs, traced)
        except Exception as err:           # noqa: BLE001 -- reworded as Keras's output-spec inference, raised again
            if getattr(layer, '_output_shape_from_call', False):
                raise lambda_inference_error(layer, inputs, args, kwargs, err) from None
            if build_run:
                warn_failed_build_run(layer, err, pending)
            say_inference_failed(err, layer, (inputs,) + tuple(args), kwargs)
            graph_error = as_graph_construction_error(err)
            if graph_error is err:
                raise
            raise graph_error from None
        if getattr(layer, '_output_shape_from_call', False) and any(t is None for t in nest.flatten(concrete)):
            # Keras 3's Lambda reads each output's shape in its inference run (tf.gradients of an unconnected
            # input gives None): its bare except turns the failure into its NotImplementedError
            cause = AttributeError("'NoneType' object has no attribute 'shape'")
            raise lambda_inference_error(layer, inputs, args, kwargs, cause) from None
        if build_run:
            _name_build_run_outputs(concrete)
            warn_if_left_unbuilt(layer)
        varying = axes_following_free_axes(layer, inputs, args, kwargs, concrete, lengths)
        if free:
            open_stand_in_batches(layer, inputs, args, kwargs, concrete, traced)
        dtype = None
        if getattr(layer, '_output_shape_from_call', False):
            dtype = as_keras_lambda_infers(layer, inputs, concrete)
        outputs = nest.pack_sequence_as(concrete, [_symbolic(t, free, layer, axes, dtype, traced.get(id(t)))
                                                   for t, axes in zip(nest.flatten(concrete), varying)])
        if layer.supports_masking:
            # Keras 3 sets output masks only for such layers: another's symbolic outputs carry none, even where
            # its call hands back a tensor with a mask (Lambda(lambda t: t), a custom layer setting _keras_mask)
            hang_masks(outputs, concrete, masks, free, recorded=recorded_masks(layer, inputs))
    if named:       # Keras's node keeps the call's own arguments: no positional one here
        Node(layer, tuple(args), dict({first_call_parameter(layer): inputs}, **kwargs), outputs)
    else:
        Node(layer, (inputs,) + tuple(args), kwargs, outputs)
    return outputs


def _shape_or_value(x):
    # a concrete tensor among KerasTensors has its shape in the build shapes too, as Keras 3's
    # get_shapes_dict maps every tensor (Add()([keras.Input((2,)), tf.ones([1, 2])]) builds for (1, 2))
    if type(x) is KerasTensor:
        return x.shape
    return tuple(x.shape) if type(x) is Tensor else x


def _check_spec(layer, inputs):
    spec = layer.input_spec
    if spec is None:
        return
    specs = spec if isinstance(spec, (list, tuple)) else [spec]
    values = inputs if isinstance(inputs, (list, tuple)) else [inputs]
    if len(specs) != len(values) and (len(specs) == 1 or type(inputs) is not dict):
        raise count_error(layer, specs, values)     # Dense([a, b]): Keras 3 refuses it before the build
    for index, (one_spec, value) in enumerate(zip(specs, values)):
        if one_spec is not None and type(value) is KerasTensor:
            one_spec.check(layer, value.shape, index, _autocast_dtype(layer, value.dtype))


def _autocast_dtype(layer, dtype):
    # Keras casts floating inputs to the layer's compute dtype before it checks the spec
    name = getattr(dtype, 'name', dtype)
    if layer.autocast and isinstance(name, str) and name.startswith(('float', 'bfloat')):
        return layer.compute_dtype
    return dtype


def _defines_output_shape(layer):
    from ..layer import Layer          # layer.py imports this module
    # a Lambda without output_shape runs its function, as a layer without compute_output_shape (Keras 3
    # infers it from the call): on zeros of each input, so a list of inputs works too
    # (one marked keras_default raises as Keras 3's base class does, which then traces the call)
    method = type(layer).compute_output_shape
    return method is not Layer.compute_output_shape and not getattr(method, 'keras_default', False) and \
        not getattr(layer, '_output_shape_from_call', False)


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, (int, np.integer)) for d in value)


def _as_shape_structure(layer, shapes):
    """What ``compute_output_shape`` returned, as Keras 3's compute_output_spec takes it: a list, tuple or
    dict as it is, anything else through tuple() (a TensorShape), and what tuple() refuses in its ValueError
    (a Lambda's output_shape function returning 3: TF 2.21 'Method `compute_output_shape()` of layer Lambda
    is returning a type that cannot be interpreted as a shape. It should return a shape tuple. Received: 3')."""
    if isinstance(shapes, (list, tuple, dict)) or hasattr(shapes, 'as_list'):
        return shapes
    try:
        return tuple(shapes)
    except Exception:           # noqa: BLE001 -- Keras's bare except, whatever tuple() raised
        raise ValueError('Method `compute_output_shape()` of layer %s is returning a type that cannot be '
                         'interpreted as a shape. It should return a shape tuple. Received: %s'
                         % (type(layer).__name__, shapes)) from None


def _tensors_for_shapes(shapes, dtype):
    """KerasTensors for what ``compute_output_shape`` returned: one shape, or a list/dict of them."""
    if _is_shape(shapes):
        if any(d is not None and d < 0 for d in shapes):      # Keras's 'Negative dimensions are not allowed.'
            standardize_shape(shapes)                       # (Resizing(-1, 2) on an Input)
        return KerasTensor(shapes, dtype)
    if isinstance(shapes, dict):
        return {key: _tensors_for_shapes(value, dtype) for key, value in shapes.items()}
    if isinstance(shapes, tuple) and shapes and all(isinstance(d, (float, str)) or _is_shape((d,)) for d in shapes):
        # a float or str size (Hashing(2.5, output_mode='count'), CenterCrop('4', 2)): Keras's ValueError
        standardize_shape(shapes)
    if isinstance(shapes, tuple):          # Keras keeps the structure: LSTM(return_state=True) gives a tuple
        return tuple(_tensors_for_shapes(value, dtype) for value in shapes)
    if isinstance(shapes, list):
        return [_tensors_for_shapes(value, dtype) for value in shapes]
    if hasattr(shapes, 'as_list'):                 # a TensorShape
        return KerasTensor(tuple(shapes.as_list()), dtype)
    raise TypeError('%s.compute_output_shape returned %r; expected a shape tuple or a list of them'
                    % (type(shapes).__name__, shapes))


def _from_shape_rule(error):
    """``error`` marked as raised by a layer's own shape rule (compute_output_shape / compute_output_spec),
    which Keras 3 raises wherever the symbolic call is made, a Sequential's build included."""
    error.from_shape_rule = True
    return error


def _graph_outputs(layer, inputs):
    """Keras 3's shortcut for a model with a graph (a functional model, a built Sequential) called on
    KerasTensors of its inputs' shapes: new KerasTensors of its outputs' shapes and dtypes, with no
    layer run (so no ``print`` in a call shows again: Functional.compute_output_spec); else None."""
    ends = getattr(layer, '_graph_ends', None)        # a Sequential's (inputs, outputs)
    if ends is not None:
        own_inputs, structure = ends[0], (ends[1][0] if len(ends[1]) == 1 else ends[1])
    elif hasattr(layer, '_outputs_struct') and hasattr(layer, '_inputs'):
        own_inputs, structure = layer._inputs, layer._outputs_struct
    else:
        return None
    given = nest.flatten(inputs)
    if len(given) != len(own_inputs) or any(type(x) is not KerasTensor or tuple(x.shape) != tuple(ref.shape)
                                            for x, ref in zip(given, own_inputs)):
        return None
    if any(t._mask is not None for t in given + nest.flatten(structure)):    # masks: found by running it
        return None
    return nest.map_structure(lambda t: KerasTensor(t.shape, t.dtype), structure)


def _name_long_road(layer, inputs):
    """A model with a graph called on KerasTensors of other shapes than its inputs' (a Sequential built by an
    eager call on a batch of 2, then given keras.Input's (None, ...)): Keras 3's Functional.compute_output_spec
    takes 'the long road through the graph', each op's compute_output_spec making KerasTensors of its outputs,
    and the last ops' are the outputs. The intermediate ones take the next names (keras_tensor_N) first: TF 2.21
    names such a call's output keras_tensor_6 after keras_tensor_4 for two layers, where a shortcut gives 5."""
    ends = _graph_ends(layer)
    if ends is None or any(t._mask is not None for t in nest.flatten(inputs)):
        return
    given = nest.flatten(inputs)
    if len(given) != len(ends[0]) or all(type(x) is KerasTensor and tuple(x.shape) == tuple(ref.shape)
                                         for x, ref in zip(given, ends[0])):
        return
    for _ in range(_run_through_count(ends) - len(ends[1])):
        naming.unique_name('keras_tensor')


def _graph_ends(layer):
    """(the flat input KerasTensors, the flat output KerasTensors) of a model with a graph, else None."""
    ends = getattr(layer, '_graph_ends', None)        # a Sequential's (inputs, outputs)
    if ends is not None:
        return ends
    if hasattr(layer, '_outputs_struct') and hasattr(layer, '_inputs'):
        return layer._inputs, nest.flatten(layer._outputs_struct)
    return None


def _run_through_count(ends):
    """How many KerasTensors Keras's run through the graph between ``ends`` makes: one per output of each op
    node, and what a nested model's own run makes inside it (its inputs' shapes differ too)."""
    seen, count, stack = set(), 0, [producer(t) for t in ends[1]]
    inputs = {id(t) for t in ends[0]}
    while stack:
        node = stack.pop()
        if id(node) in seen or node.is_input:
            continue
        seen.add(id(node))
        count += len(node.outputs)
        inner = _graph_ends(node.layer)
        if inner is not None:
            count += _run_through_count(inner) - len(inner[1])
        stack.extend(producer(t) for t in node.input_tensors if id(t) not in inputs)
    return count


def _symbolic(t, free, layer, varying=(), dtype=None, traced=None):
    if not isinstance(t, Tensor):
        words = ('Layer %r returned %r (of type %s) for symbolic inputs; a layer used in a functional model must '
                 'return tensors' % (layer.name, t, type(t).__name__))
        if t is None:       # (Keras 3 takes None as no output; tapeflow's nodes need one)
            raise TypeError(words)
        error = ValueError('All operation outputs must be tensors. Operation %r returned a non-tensor. '
                           'Non-tensor received: %s' % (layer, t))       # Keras 3's Node
        error.add_note(words)
        raise error
    if traced is not None:      # the trace's shape functions knew it
        shape = tuple(None if i in varying else d for i, d in enumerate(traced))
    else:
        shape = tuple(None if i in varying else d for i, d in enumerate(t.shape))
        shape = (None,) + shape[1:] if free and shape else shape
    return KerasTensor(shape, t._data.dtype if dtype is None else dtype)
