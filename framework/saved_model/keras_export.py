"""What Keras 3's ``model.export(path)`` writes: a SavedModel serving the model's inference call.

The loaded object has ``serve(x)`` (the model called with training=False; a list for several
inputs), signatures 'serve' and 'serving_default' taking the model's input names as keywords
('keras_tensor', 'keras_tensor_3', or the names given to ``Input``), and the model's variables,
as TF 2.21 gives for an exported Keras model.
"""
from . import save
from .. import nest
from ..function import Function
from ..function_signature import Binder
from ..ops.tensor_spec import TensorSpec
from ..train.tracked_containers import ListWrapper
from ..unique_names import unique_names
from ..variable import Variable
from .graph_captures import handle
from .revived_variables import revived
from .signatures import Signature


def _endpoint(args_0):
    """The parameters of TensorFlow's 'serve' function: one positional argument ``args_0``."""


class ExportArchive:
    """The exported object: the model's inference endpoint and its variables."""

    _specs = None       # archives saved before the endpoint kept its input specs take anything
    _structure = None   # the specs as nested as the model's Inputs, where they hold a dict (Keras serves that)

    def __init__(self, model, input_specs=None, input_structure=None):
        self._model = model
        self._specs = input_specs
        self._structure = input_structure

    def serve(self, *args, **kwargs):
        """The model's inference on ``args_0``; with the model's input specs, TensorFlow's binding:
        the inputs are converted to the specs' dtypes and must fit their shapes.

        Raises:
            TypeError: TensorFlow's 'Binding inputs to tf.function failed due to ...' (a wrong dtype
                or shape, keywords, or more than one argument).
        """
        if self._specs is None:
            inputs = args[0] if len(args) == 1 else list(args)
        else:
            # (TF's trace type of a dict lists its keys sorted, in binding errors)
            signature = _sorted_dicts(self._structure) if self._structure is not None else \
                self._specs[0] if len(self._specs) == 1 else list(self._specs)
            inputs = Binder(_endpoint, [signature]).cast(args, kwargs)[0]
        return self._model(inputs, training=False)

    def _serving_function(self):
        """``serve`` as the tf.function Keras 3 exports: one positional ``args_0`` taking the model's input
        specs (a list for several inputs, a dict model's dict, keys sorted), which TF 2.21 revives as the
        loaded endpoint (its concrete_functions, input_signature, get_concrete_function ...). A new
        function each time (the loaded object keeps one); None for an archive saved without specs."""
        if self._specs is None:
            return None
        signature = _sorted_dicts(self._structure) if self._structure is not None else \
            self._specs[0] if len(self._specs) == 1 else list(self._specs)
        model = self._model

        def restored_function_body(args_0):
            return model(args_0, training=False)
        return Function(restored_function_body, input_signature=[signature], autograph=False)

    def _signature_call(self, *inputs):
        """What the signatures run: their keyword inputs in order, passed to ``serve`` as its one argument
        (a dict model's packed back into its structure, flattened in the order its ``inputs`` list them)."""
        if self._structure is not None:
            return self.serve(nest.pack_sequence_as(self._structure, list(inputs)))
        return self.serve(inputs[0] if len(inputs) == 1 else list(inputs))

    @staticmethod
    def _revived_names():
        """The attributes TF's loaded root lists (dir()): Keras's export tracks these on its archive."""
        return ['non_trainable_variables', 'serve', 'trainable_variables', 'variables']

    def __setstate__(self, state):
        # loaded: the model's variables are the artifact's plain tf.Variables, as TF revives them
        self.__dict__.update(state)
        self._loaded_variables = revived(self._model.variables)

    _loaded_variables = None

    @property
    def variables(self):
        if self._loaded_variables is None:
            return list(self._model.variables)
        return self._loaded_variables

    @property
    def trainable_variables(self):
        if self._loaded_variables is None:
            return list(self._model.trainable_variables)
        return ListWrapper(v for v in self._loaded_variables if v.trainable)

    @property
    def non_trainable_variables(self):
        if self._loaded_variables is None:
            return list(self._model.non_trainable_variables)
        return ListWrapper(v for v in self._loaded_variables if not v.trainable)


def export_model(model, filepath, input_count=None):
    """Write ``model``'s inference SavedModel to ``filepath`` (Keras 3's ``model.export``); returns
    the endpoint's description as Keras prints it (see ``endpoint_text``).

    The signature's keywords are the model's input names ('keras_tensor_3', 'wide'), as in TF 2.21;
    a model without symbolic inputs (subclassed) takes 'keras_tensor', 'keras_tensor_1', ...

    Raises:
        ValueError: a model that is not built (call it once, or give it an Input).
    """
    if not getattr(model, 'built', False):
        error = ValueError('The model provided has not yet been built. It must be built before export.')
        error.add_note('model.export: call the model %r on data or give it an Input first'
                       % getattr(model, 'name', model))
        raise error
    inputs = list(getattr(model, 'inputs', None) or [])
    count = input_count or max(1, len(inputs))
    specs = outputs = None
    first_call = getattr(model, '_build_input_shape', None)
    if inputs and len(inputs) == count:
        # Keras's make_input_spec: the batch axis left open (a model built on a batch of 3 serves any)
        names = [x.name for x in inputs]
        specs = [TensorSpec(_open_batch(x.shape), x.dtype, x.name) for x in inputs]
        outputs = [TensorSpec(_open_batch(x.shape), x.dtype) for x in (getattr(model, 'outputs', None) or [])] or None
    elif not inputs and count == 1 and _is_shape(first_call):
        # A subclassed model: TF traces on its first call's shape, batch left open, the argument unnamed
        names = ['args_0']
        specs = [TensorSpec(_open_batch(first_call), model.compute_dtype)]
        outputs = _output_specs(model, specs[0].shape)
    else:
        names = ['keras_tensor'] + ['keras_tensor_%d' % i for i in range(1, count)]
    structure = _dict_structure(getattr(model, '_inputs_struct', None), specs)
    named_outputs = None if outputs is None else {'output_%d' % i: spec for i, spec in enumerate(outputs)}
    output_structure = _dict_structure(getattr(model, '_outputs_struct', None), outputs, by_position=True)
    if isinstance(output_structure, dict) and all(isinstance(v, TensorSpec) for v in output_structure.values()):
        named_outputs = output_structure    # the signature's outputs are the model's dict (Keras's)
    archive = ExportArchive(model, specs, structure)
    endpoint = Signature(archive, '_signature_call', names, specs, wrapped_name='__call__',
                         output_specs=named_outputs)
    save(archive, filepath, signatures={'serve': endpoint, 'serving_default': endpoint})
    return endpoint_text(specs if structure is None else structure,
                         outputs if output_structure is None else output_structure, _captured(model))


def symbolic_call_specs(model, name):
    """(keywords, specs, input structure, {output name: spec}) of a model with symbolic inputs, batch axes
    open, as TF's signature of a Keras model given to ``tf.saved_model.save``: one keyword per input tensor,
    ``name`` then ``name``_1, ... in the flat order of the model's input structure (a dict's keys sorted),
    the model called with them put back in that structure (None for a single tensor); outputs as the
    model returns them (a dict keeps its keys, a list is output_0, output_1, ...). None where the model
    has no symbolic inputs or outputs."""
    inputs = list(getattr(model, 'inputs', None) or [])
    outputs = list(getattr(model, 'outputs', None) or [])
    if not inputs or not outputs:
        return None
    try:
        given = model.input
    except AttributeError:      # (a Sequential never called on a KerasTensor has only .inputs)
        given = inputs[0] if len(inputs) == 1 else inputs
    structure = nest.map_structure(lambda x: TensorSpec(_open_batch(x.shape), x.dtype), given)
    specs = nest.flatten(structure)
    names = unique_names([name] * len(specs))
    try:
        given = model.output
    except AttributeError:
        given = outputs[0] if len(outputs) == 1 else outputs
    output_specs = nest.map_structure(lambda x: TensorSpec(_open_batch(x.shape), x.dtype), given)
    if isinstance(output_specs, dict):
        output_specs = dict(output_specs)
    elif isinstance(output_specs, (list, tuple)):
        output_specs = {'output_%d' % i: spec for i, spec in enumerate(nest.flatten(output_specs))}
    else:
        output_specs = {'output_0': output_specs}
    return names, specs, (None if isinstance(structure, TensorSpec) else structure), output_specs


def build_shape_specs(model, name):
    """[input spec named ``name``] of a model without symbolic inputs (subclassed), as Keras 3's
    _default_save_signature makes it from the build shape, as recorded (a first call on a batch of 1
    serves (1, 4) only; build((None, 4)) any batch), in the model's input dtype; None where the build
    config holds other than one shape."""
    config = model.get_build_config() if callable(getattr(model, 'get_build_config', None)) else None
    shape = config.get('input_shape') if isinstance(config, dict) and len(config) == 1 else None
    if not _is_shape(shape):
        return None
    return [TensorSpec(tuple(shape), model.input_dtype, name)]


def _open_batch(shape):
    return (None,) + tuple(shape)[1:] if len(shape) else tuple(shape)


def _is_shape(value):
    return isinstance(value, (tuple, list)) and len(value) > 0 and \
        all(d is None or isinstance(d, int) for d in value)


def _output_specs(model, input_shape):
    """The model's output spec for ``input_shape`` (its compute_output_shape), or None when that fails
    (the signature then learns it from its first call)."""
    try:
        shape = model.compute_output_shape(tuple(input_shape))
    except Exception:       # noqa: BLE001 -- a model whose call cannot run on zeros
        return None
    return [TensorSpec(_open_batch(shape), model.compute_dtype)] if _is_shape(shape) else None


def _attribute_variables(layer):
    """The tf.Variables ``layer`` keeps as its own attributes outside Keras's tracking (the modules guide's
    FlexibleDense: ``self.w = tf.Variable(...)`` in build), in attribute order: TF's graph captures a
    handle for each its call reads, though Keras 3 lists none of them among the layer's variables."""
    return [value for value in vars(layer).values() if isinstance(value, Variable)]


def _captured(model):
    """graph_captures.Capture entries of what the inference graph captures, in the order TF 2.21's graph
    first reads them, as far as tapeflow can tell without a graph: layer by layer depth first (a layer's
    own variables, then its sublayers'), each layer's variables as its call reads them (``_inference_reads``
    where that is not their creation order: BatchNormalization's moving statistics first, a GRU cell's
    bias) or its own constants where it computes from them (Normalization's mean and variance, a lookup's
    table); then any other variable of the model. A resource handle per variable read, not
    seed-generator states (unread when dropout and noise are off)."""
    captures, seen = [], set()

    def read(variables):
        for variable in variables:
            if id(variable) not in seen and not _is_seed_state(variable):
                seen.add(id(variable))
                captures.append(handle(variable))

    def walk(layer):
        own = getattr(layer, '_export_captures', None)
        if own is not None and layer.built:
            captures.extend(own())
            seen.update(id(v) for v in layer.variables)
            return
        reads = getattr(layer, '_inference_reads', None)
        read(reads() if reads is not None else layer._own_variables())
        read(_attribute_variables(layer))
        for sublayer in layer._flatten_layers(include_self=False, recursive=False):
            walk(sublayer)
    walk(model)
    read(model.variables)
    return captures


inference_captures = _captured      # (a tf.function calling a model captures the same: concrete_function_variables)


def _is_seed_state(variable):
    # (named 'seed_generator_state', or by its path 'seed_generator/seed_generator_state:0' once revived)
    return variable.name.split(':')[0].rsplit('/', 1)[-1] == 'seed_generator_state'


def endpoint_text(specs, outputs, captured):
    """Keras's printout of the 'serve' endpoint: its one argument (a list for several inputs), the
    output type and the captures (each by an object id, as TF prints its captured tensors' ids);
    without symbolic inputs only the endpoint's name."""
    lines = ["* Endpoint 'serve'"]
    if specs is None or outputs is None:
        return '\n'.join(lines)
    lines.append('  args_0 (POSITIONAL_ONLY): %s' % _spec_list(specs))
    lines += ['Output Type:', '  ' + _spec_list(outputs), 'Captures:']
    lines += ['  %d: %s' % (capture.key, capture.text) for capture in captured] or ['  None']  # (TF's for none)
    return '\n'.join(lines)


def _spec_list(specs):
    if isinstance(specs, dict) or (isinstance(specs, list) and len(specs) != 1):
        return _spec_text(specs)
    return repr(specs[0])


def _spec_text(structure):
    """TF's text of a nested structure of specs: dicts in their insertion order, lists in theirs."""
    if isinstance(structure, dict):
        return 'Dict[%s]' % ', '.join('[%r, %s]' % (key, _spec_text(value)) for key, value in structure.items())
    if isinstance(structure, (list, tuple)):
        return '%s[%s]' % ('List' if isinstance(structure, list) else 'Tuple', ', '.join(map(_spec_text, structure)))
    return repr(structure)


def _dict_structure(struct, specs, by_position=False):
    """``specs`` (flat, in ``nest.flatten(struct)``'s order) as nested as ``struct``, the model's Inputs or
    outputs, where that holds a dict (Keras's export serves a dict model's dict, its signatures take the
    Inputs' names); None otherwise (one tensor or a flat list keep their own forms)."""
    if specs is None or not _holds_dict(struct):
        return None
    flat = nest.flatten(struct)
    if len(flat) != len(specs):
        return None
    if not by_position:             # inputs: each spec is named as its Input
        by_name = {spec.name: spec for spec in specs}
        if any(getattr(x, 'name', None) not in by_name for x in flat):
            return None
        specs = [by_name[x.name] for x in flat]
    return _packed(struct, iter(specs))


def _holds_dict(struct):
    if isinstance(struct, dict):
        return True
    return isinstance(struct, (list, tuple)) and any(_holds_dict(item) for item in struct)


def _packed(struct, specs):
    """``struct`` with its leaves replaced from ``specs`` in flatten order (sorted dict keys), keeping its
    dicts' insertion order."""
    if isinstance(struct, dict):
        values = {key: _packed(struct[key], specs) for key in sorted(struct)}
        return {key: values[key] for key in struct}
    if isinstance(struct, (list, tuple)):
        return type(struct)(_packed(item, specs) for item in struct)
    return next(specs)


def _sorted_dicts(structure):
    if isinstance(structure, dict):
        return {key: _sorted_dicts(structure[key]) for key in sorted(structure)}
    if isinstance(structure, (list, tuple)):
        return type(structure)(_sorted_dicts(item) for item in structure)
    return structure
