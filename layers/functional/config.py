"""A functional model's config in Keras 3's layout, and the model rebuilt from it.

    {'name', 'trainable',
     'layers': [{'module', 'class_name', 'config', 'build_config', 'name',
                 'inbound_nodes': [{'args': [...], 'kwargs': {...}}, ...]}, ...],
     'input_layers': ['digits', 0, 0]  (or a list / dict of such triples),
     'output_layers': [...]}

A KerasTensor in a call's arguments is written ``{'class_name':
'__keras_tensor__', 'config': {'shape', 'dtype', 'keras_history': [layer
name, node index, output index]}}``. Node indices count only the model's own
calls of a layer; in ``input_layers`` / ``output_layers`` a nested
functional model's calls count from 1, as Keras writes them. Keras 2's
layout (``inbound_nodes`` as lists of [name, node, tensor, kwargs]) is read too.
"""
from framework import nest

from .. import serialization
from ..mask_propagation import takes_mask
from .keras_tensor import KerasTensor
from .node import inbound_nodes


def functional_config(model):
    """``model.get_config()`` for a functional model."""
    own = model._graph.nodes
    config_index = {}                      # node -> its index in input_layers / output_layers
    for layer in model.layers:
        kept = 1 if _is_functional(layer) else 0
        for node in inbound_nodes(layer):
            if node in own:
                config_index[node] = kept
                kept += 1
    layer_configs = []
    for layer in model.layers:
        entry = serialization.serialize(layer)
        entry['name'] = layer.name
        entry['inbound_nodes'] = [_node_config(node, own) for node in inbound_nodes(layer)
                                  if node in own and not node.is_input]
        layer_configs.append(entry)

    def tensor_ref(tensor):
        layer, node_index, tensor_index = tensor._keras_history
        return [layer.name, config_index[inbound_nodes(layer)[node_index]], tensor_index]
    return {'name': model.name, 'trainable': model.trainable, 'layers': layer_configs,
            'input_layers': nest.map_structure(tensor_ref, model._inputs_struct),
            'output_layers': nest.map_structure(tensor_ref, model._outputs_struct)}


def _is_functional(layer):
    from .functional_model import Functional      # functional_model imports this module
    return isinstance(layer, Functional)


def _node_config(node, own):
    def encode(x):
        if type(x) is not KerasTensor:
            return x
        layer, node_index, tensor_index = x._keras_history
        foreign = sum(1 for other in inbound_nodes(layer)[:node_index] if other not in own)
        return {'class_name': '__keras_tensor__',
                'config': {'shape': x.shape, 'dtype': x.dtype,
                           'keras_history': [layer.name, node_index - foreign, tensor_index]}}
    return {'args': nest.map_structure(encode, list(node.args)),
            'kwargs': nest.map_structure(encode, _with_keras_mask_argument(node))}


def _with_keras_mask_argument(node):
    """The call's kwargs with ``mask`` as Keras 3 records it: a layer whose ``call`` takes ``mask``,
    called on one tensor argument without one, gets the inputs' masks filled in (``None`` each).
    Only unmasked inputs are written so: a mask's KerasTensor comes from no recorded call here."""
    kwargs = node.kwargs
    if 'mask' in kwargs or not takes_mask(type(node.layer)):
        return kwargs
    arguments = list(node.args) + list(kwargs.values())
    with_tensors = [a for a in arguments if any(type(x) is KerasTensor for x in nest.flatten(a))]
    if len(with_tensors) != 1 or with_tensors[0] is not node.args[0]:
        return kwargs
    inputs = node.args[0]
    if any(type(x) is KerasTensor and x._mask is not None for x in nest.flatten(inputs)):
        return kwargs
    return dict(kwargs, mask=nest.map_structure(lambda x: None, inputs))


class _NotYetMade(Exception):
    """A call's input comes from a call not replayed yet (a layer shared at several depths)."""


def rebuild(cls, config, custom_objects=None):
    """The model ``config`` describes: every layer created, then their calls
    replayed on KerasTensors, each as soon as its inputs exist.

    Raises:
        ValueError: a config whose calls cannot all be replayed (naming the
            layers left), or that refers to an unknown layer.
    """
    config = dict(config)
    layer_entries = config.pop('layers')
    input_refs, output_refs = config.pop('input_layers'), config.pop('output_layers')
    created, pending = {}, {}
    for entry in layer_entries:
        created[entry['name']] = serialization.deserialize(entry, custom_objects)
        pending[entry['name']] = list(entry.get('inbound_nodes') or ())
    while any(pending.values()):
        progress = False
        for name, calls in pending.items():
            while calls:
                try:
                    args, kwargs = _call_arguments(calls[0], created)
                except _NotYetMade:
                    break
                if 'mask' in kwargs and not takes_mask(type(created[name])) and \
                        all(m is None for m in nest.flatten(kwargs['mask'])):
                    # Keras 3 records mask=None for its layers whose call takes a mask; the same
                    # layer here may take none (and finds masks on its inputs anyway).
                    kwargs = {k: v for k, v in kwargs.items() if k != 'mask'}
                created[name](*args, **kwargs)
                calls.pop(0)
                progress = True
        if not progress:
            raise ValueError("Functional model '%s': the config cannot be rebuilt; the calls of layers %s wait for "
                             'inputs that no call makes (a cycle or a missing layer)'
                             % (config.get('name'), sorted(n for n, calls in pending.items() if calls)))
    inputs = _model_tensors(input_refs, created)
    outputs = _model_tensors(output_refs, created)
    return cls(inputs=inputs, outputs=outputs, **config)


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
    return _revive(call.get('args', []), created), _revive(call.get('kwargs', {}), created)


def _revive(value, created):
    if isinstance(value, dict):
        if value.get('class_name') == '__keras_tensor__':
            return _tensor(created, *value['config']['keras_history'])
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
            return _tensor(created, name, node_index, tensor_index)
        except _NotYetMade:
            raise ValueError('Functional model config: %r names call %d of layer %r, which the config never '
                             'makes' % (list(refs), refs[1], name)) from None
    if isinstance(refs, dict):
        return {key: _model_tensors(value, created) for key, value in refs.items()}
    return [_model_tensors(value, created) for value in refs]
