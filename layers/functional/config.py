"""A functional model's config in Keras 3's layout, and the model rebuilt from it.

    {'name', 'trainable',
     'layers': [{'module', 'class_name', 'config', 'build_config', 'name',
                 'inbound_nodes': [{'args': (...), 'kwargs': {...}}, ...]}, ...],
     'input_layers': ['digits', 0, 0]  (or a list / dict of such triples),
     'output_layers': [...]}

A KerasTensor in a call's arguments is written ``{'class_name':
'__keras_tensor__', 'config': {'shape', 'dtype', 'keras_history': [layer
name, node index, output index]}}``. Node indices count only the model's own
calls of a layer; in ``input_layers`` / ``output_layers`` a nested
functional model's calls count from 1, as Keras writes them. Keras 2's
layout (``inbound_nodes`` as lists of [name, node, tensor, kwargs]) is read too.
"""
import numpy as np

from framework import nest
from framework.tensor import Tensor

from .. import naming, serialization
from ..object_sharing import revived
from ..tracked_dict import TrackedDict
from .keras_filled_arguments import keras_recorded_kwargs
from .keras_mask_arguments import is_keras_op_entry, readable_call
from .keras_training_argument import without_default_training
from .keras_tensor import KerasTensor
from .node import inbound_nodes
from .operation import Operation


def functional_config(model):
    """``model.get_config()`` for a functional model."""
    own = model._graph.nodes
    config_index = {}                      # node -> its index in input_layers / output_layers
    for layer in model.operations:
        kept = 1 if _is_functional(layer) else 0
        for node in inbound_nodes(layer):
            if node in own:
                config_index[node] = kept
                kept += 1
    layer_configs = []
    for layer in model.operations:
        entry = layer.serialize() if isinstance(layer, Operation) else serialization.serialize(layer)
        entry['name'] = layer.name
        entry['inbound_nodes'] = [_node_config(node, own) for node in inbound_nodes(layer)
                                  if node in own and not node.is_input]
        layer_configs.append(entry)

    def tensor_ref(tensor):
        layer, node_index, tensor_index = tensor._keras_history
        return [layer.name, config_index[inbound_nodes(layer)[node_index]], tensor_index]
    inputs = model._inputs_struct
    if isinstance(inputs, TrackedDict):         # Keras's tree lists a layer's dict sorted (FeatureSpace's Inputs)
        inputs = {key: inputs[key] for key in sorted(inputs)}
    return {'name': model.name, 'trainable': model.trainable, 'layers': layer_configs,
            'input_layers': nest.map_structure(tensor_ref, inputs),
            'output_layers': nest.map_structure(tensor_ref, model._outputs_struct)}


def _is_functional(layer):
    from .functional_model import Functional      # functional_model imports this module
    return isinstance(layer, Functional)


def _node_config(node, own):
    def encode(x):
        if type(x) is not KerasTensor:
            return _encode_value(x)
        layer, node_index, tensor_index = x._keras_history
        foreign = sum(1 for other in inbound_nodes(layer)[:node_index] if other not in own)
        return {'class_name': '__keras_tensor__',
                'config': {'shape': x.shape, 'dtype': x.dtype,
                           'keras_history': [layer.name, node_index - foreign, tensor_index]}}
    return {'args': nest.map_structure(encode, tuple(node.args)),
            'kwargs': nest.map_structure(encode, node.kwargs if isinstance(node.layer, Operation) else
                                         node.keras_kwargs if node.keras_kwargs is not None else
                                         keras_recorded_kwargs(node.layer, node.args, node.kwargs))}


def _encode_value(x):
    # Keras writes slices (x[1:3, ...]), Ellipsis and constant tensors in a call as tagged dicts.
    if isinstance(x, Tensor):
        return {'class_name': '__tensor__', 'config': {'value': x.numpy().tolist(), 'dtype': x.dtype.name}}
    if isinstance(x, np.ndarray) and x.ndim:
        return {'class_name': '__numpy__', 'config': {'value': x.tolist(), 'dtype': x.dtype.name}}
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, slice):
        return {'class_name': '__slice__', 'config': {'start': x.start, 'stop': x.stop, 'step': x.step}}
    if x is Ellipsis:
        return {'class_name': '__ellipsis__', 'config': {}}
    return x


class _NotYetMade(Exception):
    """A call's input comes from a call not replayed yet (a layer shared at several depths)."""


def rebuild(cls, config, custom_objects=None):
    """The model ``config`` describes: every layer created, then their calls
    replayed on KerasTensors, each as soon as its inputs exist.

    Raises:
        ValueError: a config whose calls cannot all be replayed (naming the
            layers left), or that refers to an unknown layer.
    """
    given, config = config, dict(config)
    if type(given) is dict:
        # Keras 3's functional_from_config pops these from the caller's dict, so that a program reading
        # config['input_layers'] after Model.from_config(config) gets TF 2.21's KeyError
        for key in ('layers', 'input_layers', 'output_layers'):
            given.pop(key)
        for key in ('name', 'trainable'):
            given.pop(key, None)
    layer_entries = config.pop('layers')
    input_refs, output_refs = config.pop('input_layers'), config.pop('output_layers')
    created, pending = {}, {}
    for entry in layer_entries:
        if is_keras_op_entry(entry):                 # Keras 3 records keras.ops calls too
            created[entry['name']] = Operation.from_entry(entry)
        elif 'module' not in entry:
            created[entry['name']] = keras2_entry_layer(entry, custom_objects)
        else:
            # a layer a .keras file lists in two models (a submodel built from the outer graph's layers)
            # carries one shared_object_id: Keras's ObjectSharingScope makes it once for both
            created[entry['name']] = revived(entry, lambda made=entry: serialization.deserialize(made, custom_objects))
        pending[entry['name']] = list(entry.get('inbound_nodes') or ())
    while any(pending.values()):
        progress = False
        for name, calls in pending.items():
            while calls:
                try:
                    args, kwargs = _call_arguments(calls[0], created)
                except _NotYetMade:
                    break
                recorded, made = kwargs, len(inbound_nodes(created[name]))
                args, kwargs = readable_call(created[name], args, kwargs)
                kwargs = without_default_training(created[name], kwargs)
                created[name](*args, **kwargs)
                if len(inbound_nodes(created[name])) > made:
                    inbound_nodes(created[name])[made].keras_kwargs = recorded      # written again as read
                calls.pop(0)
                progress = True
        if not progress:
            raise ValueError("Functional model '%s': the config cannot be rebuilt; the calls of layers %s wait for "
                             'inputs that no call makes (a cycle or a missing layer)'
                             % (config.get('name'), sorted(n for n, calls in pending.items() if calls)))
    inputs = _model_tensors(input_refs, created)
    outputs = _model_tensors(output_refs, created)
    return cls(inputs=inputs, outputs=outputs, **config)


def keras2_entry_layer(entry, custom_objects):
    """A Keras 2 entry (no 'module'): Keras 3 reads it with its legacy model_from_config, which keeps a
    one-item 'axis' list as an int (BatchNormalization's [1]) and lets from_config's TypeError through."""
    from ..saving.legacy_config import with_keras_axis_rule
    from ..saving.legacy_passive import with_passive_objects_made
    with serialization.legacy_loading():
        try:
            entry = with_keras_axis_rule(entry)
            serialization.layer_class(entry.get('class_name'), custom_objects, None, entry)   # its error first
            inner = with_passive_objects_made(entry.get('config'), custom_objects)
            return serialization.deserialize(dict(entry, config=inner), custom_objects)
        except serialization.UnknownLayerClassError as err:
            # the legacy deserializer's words and class (Keras 3's current one says 'Could not locate')
            error = ValueError(serialization.legacy_unknown_text('layer', entry.get('class_name')))
            for note in getattr(err, '__notes__', ()):
                error.add_note(note)
            raise error from None


def _tensor(created, name, node_index, tensor_index):
    layer = created.get(name)
    if layer is None:
        raise ValueError('Functional model config: a call uses layer %r, which the config does not list; known '
                         'layers: %s' % (name, sorted(created)))
    nodes = inbound_nodes(layer)
    if node_index >= len(nodes):
        raise _NotYetMade()
    return nodes[node_index].outputs[tensor_index]


def _call_arguments(call, created):
    if isinstance(call, list):             # Keras 2: [[layer name, node index, tensor index, kwargs], ...]
        tensors = [_tensor(created, *item[:3]) for item in call]
        kwargs = dict(call[0][3]) if call and len(call[0]) > 3 else {}
        return [tensors[0] if len(tensors) == 1 else tensors], kwargs
    # Keras 3 first makes a KerasTensor of every '__keras_tensor__' entry (named, so later tensors are
    # numbered as after Keras's load), also for a call it then puts off
    for _ in range(_entry_count(call.get('args', [])) + _entry_count(call.get('kwargs', {}))):
        naming.unique_name('keras_tensor')
    return _revive(call.get('args', []), created), _revive(call.get('kwargs', {}), created)


def _entry_count(value):
    if isinstance(value, dict):
        return 1 if value.get('class_name') == '__keras_tensor__' else sum(_entry_count(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sum(_entry_count(v) for v in value)
    return 0


def _revive(value, created):
    if isinstance(value, dict):
        if value.get('class_name') == '__keras_tensor__':
            return _tensor(created, *value['config']['keras_history'])
        if value.get('class_name') == '__slice__':
            return slice(value['config']['start'], value['config']['stop'], value['config']['step'])
        if value.get('class_name') == '__ellipsis__':
            return Ellipsis
        if value.get('class_name') in ('__tensor__', '__numpy__'):
            array = np.array(value['config']['value'], dtype=value['config']['dtype'])
            return Tensor(array) if value['class_name'] == '__tensor__' else array
        return {key: _revive(item, created) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_revive(item, created) for item in value]
    return value


def _model_tensors(refs, created):
    """The tensors ``input_layers`` / ``output_layers`` name: a triple, or a list / dict of them."""
    if isinstance(refs, (list, tuple)) and len(refs) == 3 and isinstance(refs[0], str):
        name, node_index, tensor_index = refs
        if _is_functional(created.get(name)):
            node_index -= 1                # Keras counts a nested model's calls from 1 here
        try:
            tensor = _tensor(created, name, node_index, tensor_index)
        except _NotYetMade:
            raise ValueError('Functional model config: %r names call %d of layer %r, which the config never '
                             'makes' % (list(refs), refs[1], name)) from None
        return tensor
    if isinstance(refs, dict):
        return {key: _model_tensors(value, created) for key, value in refs.items()}
    return [_model_tensors(value, created) for value in refs]
