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
"""
import contextlib
import inspect

import numpy as np

from framework import graph_gradients, nest
from framework.losses.tensor_notes import get_keras_mask, set_keras_mask
from framework.backend import array_module
from framework.placement import current_xp
from framework.tape import paused
from framework.tensor import SymbolicTensorError, Tensor
from framework import assert_statements, symbolic_iteration, trace_names, trace_prints, traced_ops
from framework.graph_scopes import GraphScopes
from framework.eager_graph_names import scratch_graph
from framework.dtypes import display_name
from framework.function import replaying
from framework.function_init import initializing

from .. import build_shapes, call_context, naming
from ..build_run import warn_if_left_unbuilt
from ..call_errors import keras_class_name
from ..call_inputs import count_error, first_call_parameter
from ..mask_propagation import defines_compute_mask, is_merge, output_mask, takes_mask, warn_mask_dropped
from .failed_build_run import pending_build_runs, warn_failed_build_run
from .fitting_batch import fitting_batch
from .graph_construction_error import as_graph_construction_error
from .keras_tensor import KerasTensor
from ..input_spec import standardize_shape
from .keras_filled_arguments import keras_records_filled_arguments
from .node import Node, producer
from .symbolic_ops import axes_that_differ


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
    kwargs = _with_recorded_mask(layer, inputs, args, kwargs)
    check_inputs = getattr(layer, '_check_symbolic_inputs', None)
    if check_inputs is not None:        # a built Sequential's inner Functional checks them, masked or not
        try:
            check_inputs(inputs)
        except (TypeError, ValueError) as err:
            raise _symbolic_call_error(err, layer, (inputs,) + tuple(args), kwargs) from None
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
            raise _from_shape_rule(_symbolic_call_error(err, layer, (inputs,) + tuple(args), kwargs)) from None
        outputs = nest.map_structure(lambda t: t if type(t) is KerasTensor and t._keras_history is None else
                                     KerasTensor(t.shape, t.dtype, sparse=getattr(t, 'sparse', False)), spec)
        if _masks_involved(layer, inputs) and not _masks_from_keras_tensors(layer, inputs, kwargs, outputs):
            _give_masks(layer, inputs, args, kwargs, outputs)
    elif only_first and _defines_output_shape(layer):
        try:
            output_shapes = _as_shape_structure(layer, layer.compute_output_shape(shapes))
            # (Keras makes the KerasTensors inside the call too: a size it refuses comes in the banner)
            outputs = _tensors_for_shapes(output_shapes, layer._symbolic_dtype())
        # (Concatenate's axis past the rank: IndexError; a pooling stride of 0: ZeroDivisionError)
        except (TypeError, ValueError, IndexError, ZeroDivisionError) as err:
            raise _from_shape_rule(_symbolic_call_error(err, layer, (inputs,) + tuple(args), kwargs)) from None
        if _masks_involved(layer, inputs):
            _give_masks(layer, inputs, args, kwargs, outputs)
    else:
        try:
            traced = {}
            (concrete, masks, free), lengths = _run_on_zeros_of_fitting_length(layer, inputs, args, kwargs, traced)
        except Exception as err:           # noqa: BLE001 -- reworded as Keras's output-spec inference, raised again
            if getattr(layer, '_output_shape_from_call', False):
                raise _lambda_inference_error(layer, inputs, args, kwargs, err) from None
            if build_run:
                warn_failed_build_run(layer, err, pending)
            _say_inference_failed(err, layer, (inputs,) + tuple(args), kwargs)
            graph_error = as_graph_construction_error(err)
            if graph_error is err:
                raise
            raise graph_error from None
        if getattr(layer, '_output_shape_from_call', False) and any(t is None for t in nest.flatten(concrete)):
            # Keras 3's Lambda reads each output's shape in its inference run (tf.gradients of an unconnected
            # input gives None): its bare except turns the failure into its NotImplementedError
            cause = AttributeError("'NoneType' object has no attribute 'shape'")
            raise _lambda_inference_error(layer, inputs, args, kwargs, cause) from None
        if build_run:
            _name_build_run_outputs(concrete)
            warn_if_left_unbuilt(layer)
        varying = _axes_following_free_axes(layer, inputs, args, kwargs, concrete, lengths)
        if free:
            _open_stand_in_batches(layer, inputs, args, kwargs, concrete, traced)
        dtype = None
        if getattr(layer, '_output_shape_from_call', False):
            dtype = _as_keras_lambda_infers(layer, inputs, concrete)
        outputs = nest.pack_sequence_as(concrete, [_symbolic(t, free, layer, axes, dtype, traced.get(id(t)))
                                                   for t, axes in zip(nest.flatten(concrete), varying)])
        if layer.supports_masking:
            # Keras 3 sets output masks only for such layers: another's symbolic outputs carry none, even where
            # its call hands back a tensor with a mask (Lambda(lambda t: t), a custom layer setting _keras_mask)
            _hang_masks(outputs, concrete, masks, free, recorded=_recorded_masks(layer, inputs))
    if named:       # Keras's node keeps the call's own arguments: no positional one here
        Node(layer, tuple(args), dict({first_call_parameter(layer): inputs}, **kwargs), outputs)
    else:
        Node(layer, (inputs,) + tuple(args), kwargs, outputs)
    return outputs


def _with_recorded_mask(layer, inputs, args, kwargs):
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


def _recorded_masks(layer, inputs):
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


def _masks_involved(layer, inputs):
    """Whether the call's outputs may carry masks: the inputs carry some, or the layer computes
    them. Those calls run on zeros, so that the masks are found as a concrete call finds them.
    Keras 3 sets output masks only where ``supports_masking`` (a nested model's outputs carry none)."""
    if not layer.supports_masking:
        if any(type(x) is KerasTensor and x._mask is not None for x in nest.flatten(inputs)):
            warn_mask_dropped(layer)        # Keras warns on the symbolic call as on an eager one
        return False
    return defines_compute_mask(type(layer)) or \
        any(type(x) is KerasTensor and x._mask is not None for x in nest.flatten(inputs))


def _give_masks(layer, inputs, args, kwargs, outputs):
    """Hang the output masks on ``outputs``: found by a run on zeros, or, for a layer whose
    compute_mask only hands on its input's mask (an RNN's), from compute_mask on the symbolic masks
    with no run, as Keras 3 runs no call there: a custom cell's sublayers then stay unbuilt until
    the first real call (Géron's LNSimpleRNNCell: the summary counts 0 parameters, as TF 2.21)."""
    if not getattr(layer, 'masks_only_handed_on', False):
        _hang_masks(outputs, *_run_on_zeros_of_fitting_length(layer, inputs, args, kwargs)[0],
                    recorded=_recorded_masks(layer, inputs))
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


def _masks_from_keras_tensors(layer, inputs, kwargs, outputs):
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


def _say_inference_failed(err, layer, args, kwargs):
    """Keras 3 finds the outputs of a user's layer without compute_output_shape / _spec by running
    its call in a scratch graph, and an error there reads 'Could not automatically infer the output
    shape / dtype of ...' inside the call's bold message (keras.io's OCR example on TF 2.21); the
    arguments received are those of its symbolic ``__call__(*args, **kwargs)``, as Keras lists them."""
    name = type(layer).__name__
    head = 'Exception encountered when calling %s.call().\n\n\x1b[1m' % name
    text = err.args[0] if len(err.args) == 1 and isinstance(err.args[0], str) else None
    if text is None or not _keras_infers_by_calling(layer):
        return
    if text.startswith(head):
        message = text[len(head):].split('\x1b[0m\n\nArguments received by %s.call():\n' % name)[0]
        if isinstance(err, KeyError):       # Keras words the call's own error as f'{e}': a KeyError's str quotes it
            message = str(KeyError(message))
    elif getattr(err, '_keras_call_info_injected', False) and text.startswith('Exception encountered when calling '):
        # a sublayer's error, worded by its own call: Keras's compute_output_spec quotes it whole (f'{e}'),
        # then this layer's __call__ words that (TF 2.21: '... of 'outer' ... Error encountered:\n\nException
        # encountered when calling Inner.call() ...')
        message = str(err)
    else:
        return
    err.args = (head + "Could not automatically infer the output shape / dtype of '%s' (of type %s). Either the "
                "`%s.call()` method is incorrect, or you need to implement the `%s.compute_output_spec() / "
                "compute_output_shape()` method. Error encountered:\n\n%s\x1b[0m\n\n%s"
                % (layer.name, name, name, name, message, _arguments_received(layer, args, kwargs)),)


def _arguments_received(layer, args, kwargs):
    """Keras 3's 'Arguments received' lines for a symbolic ``__call__(*args, **kwargs)``."""
    shown = {k: v for k, v in kwargs.items() if not (k == 'training' and v is None)}
    if 'training' not in shown:
        # Keras 3's __call__ passes a call's own training default on (image layers' training=True)
        default = _training_default(layer)
        if default is not None:
            shown['training'] = default
    shown = _with_filled_input_masks(layer, args, shown)
    others = nest.flatten((list(args[1:]), shown))
    if 'mask' not in shown and args and takes_mask(type(layer)) and not any(
            isinstance(x, (Tensor, KerasTensor)) for x in others):
        # Keras 3's __call__ fills a call's free `mask` from its one tensor argument before the call fails
        shown['mask'] = nest.map_structure(lambda t: getattr(t, '_mask', None), args[0])
    return ('Arguments received by %s.call():\n  \u2022 args=%s\n  \u2022 kwargs=%s'
            % (keras_class_name(layer), nest.map_structure(repr, tuple(args)),
               nest.map_structure(repr, shown) if shown else "<class 'inspect._empty'>"))


def _with_filled_input_masks(layer, args, shown):
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


def _training_default(layer):
    try:
        parameter = inspect.signature(layer.call).parameters.get('training')
    except (TypeError, ValueError):
        return None
    return None if parameter is None or parameter.default is inspect.Parameter.empty else parameter.default


def _from_shape_rule(error):
    """``error`` marked as raised by a layer's own shape rule (compute_output_shape / compute_output_spec),
    which Keras 3 raises wherever the symbolic call is made, a Sequential's build included."""
    error.from_shape_rule = True
    return error


def _symbolic_call_error(err, layer, args, kwargs):
    """``err`` from a layer's compute_output_shape in a functional build, worded as Keras 3's symbolic
    call words it (a Reshape of the wrong size): 'Exception encountered when calling X.call()', the
    message in bold, the arguments received."""
    if getattr(err, '_keras_call_info_injected', False) or len(err.args) != 1:
        return err
    name = keras_class_name(layer)
    wrapped = type(err)('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\n%s'
                        % (name, err.args[0], _arguments_received(layer, args, kwargs)))
    wrapped._keras_call_info_injected = True
    # (raised 'from None': what Sequential._trace reads of the original rides on the worded error)
    wrapped.incompatible_input = getattr(err, 'incompatible_input', False)
    wrapped.graph_refused = getattr(err, 'graph_refused', False)
    for note in getattr(err, '__notes__', ()):
        wrapped.add_note(note)
    return wrapped


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


def _keras_infers_by_calling(layer):
    """Whether Keras would run the call to find the outputs: a user's Layer (or Model) subclass that
    defines neither compute_output_shape nor compute_output_spec, on no built-in layer class."""
    from ..layer import Layer
    from ..model import Model
    transparent = set(Model.__mro__[:Model.__mro__.index(Layer)])
    for cls in type(layer).__mro__:
        if cls is Layer:
            return True
        if cls in transparent:
            continue
        if cls.__module__.split('.')[0] in ('layers', 'framework') or \
                'compute_output_shape' in vars(cls) or 'compute_output_spec' in vars(cls):
            return False
    return False


def _run_on_zeros_of_fitting_length(layer, inputs, args, kwargs, traced=None):
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


def _axes_following_free_axes(layer, inputs, args, kwargs, concrete, lengths=(1, 2)):
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


def _open_stand_in_batches(layer, inputs, args, kwargs, concrete, traced):
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


def _lambda_inference_error(layer, inputs, args, kwargs, cause):
    """Keras 3's Lambda turns any error of its inference run into this NotImplementedError (a bare
    except there), listing the symbolic call's arguments, ``mask`` among them (Keras fills it in).
    The KerasTensors it made of the inputs have taken their names (keras_tensor_N) by then."""
    for _ in nest.flatten(inputs):
        naming.unique_name('keras_tensor')
    if 'mask' not in kwargs:
        # (one per tensor of a list: [y, x] shows ['None', 'None'])
        kwargs = dict(kwargs, mask=nest.map_structure(lambda t: t._mask if type(t) is KerasTensor else None, inputs))
    error = _symbolic_call_error(NotImplementedError(
        "We could not automatically infer the shape of the Lambda's output. Please specify the "
        "`output_shape` argument for this Lambda layer."), layer, (inputs,) + tuple(args), kwargs)
    # Keras hides the cause; a note keeps it (str(error) stays Keras's): what failed on the stand-ins
    text = str(cause)
    if '\x1b[1m' in text:              # the layer's own call error: its bold message is the cause's
        text = text.split('\x1b[1m', 1)[1].split('\x1b[0m', 1)[0]
    error.add_note('The function failed on %s stand-ins of the inputs (as Keras 3 runs it): %s: %s'
                   % (layer.compute_dtype, type(cause).__name__, text.strip().split('\n')[0][:300]))
    return error


def _as_keras_lambda_infers(layer, inputs, concrete):
    """Keras 3's Lambda without output_shape infers it by running its function on new KerasTensors,
    one per input, whose outputs are KerasTensors too: those take the next names (keras_tensor_N) before
    the layer's outputs do. Its outputs have the layer's compute dtype (a cast inside does not show)."""
    for _ in range(len(nest.flatten(inputs)) + len(nest.flatten(concrete))):
        naming.unique_name('keras_tensor')
    return layer._symbolic_dtype()


def _hang_masks(outputs, concrete, masks, free, recorded=None):
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
