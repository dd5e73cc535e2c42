"""The object graph TensorFlow 2.21 (Keras 3) checkpoints, for tapeflow's objects.

TensorFlow saves every object reachable from the checkpoint's root by named
dependencies, breadth first, and keys each variable by the first path that
reaches it: 'model/_functional/_operations/1/_kernel/.ATTRIBUTES/VARIABLE_VALUE'.
What each kind of object depends on, as TensorFlow with Keras 3 sees it:

- a Checkpoint: its keyword objects (sorted), then 'save_counter';
- a Sequential model, once built: '_functional' -> '_operations' -> its
  InputLayer, then its layers ('0', '1', ...); a functional model:
  '_operations' directly (InputLayers and ops take indices too);
- any other Keras layer or model: its attributes holding variables, layers,
  optimizers or modules, in the order they were assigned, under Keras's
  names (Dense's and Conv's kernel is '_kernel', Embedding's '_embeddings');
  lists and dicts of layers are *not* followed (Keras 3 on TensorFlow does not
  track them, so their weights are not in its checkpoints);
- a compiled model also depends on its 'optimizer';
- an optimizer: '_variables' (all its state, Keras's order: iterations,
  learning rate, then the slots), '_trainable_variables' (what it was built
  on), '_iterations', '_learning_rate', then its other attributes holding
  variables or optimizers ('_u_product', 'inner_optimizer', 'dynamic_scale');
- a tf.Module: its trackable attributes in assignment order, lists and dicts
  followed ('layers/0', 'table/key'; dicts in insertion order).

Names are kept as they are in the object graph; in keys, '.' is doubled and
'/' written '.S', as TensorFlow escapes them.
"""
import sys

import numpy as np

from .. import backend
from ..module import Module
from ..variable import Variable
from .tracked_containers import DictWrapper, ListWrapper

SUFFIX = '/.ATTRIBUTES/VARIABLE_VALUE'

# The attributes Keras 3 stores under another name than tapeflow's, by Keras class
# (the first class of a layer's MRO found here decides; subclasses inherit it).
_KERAS_NAMES = {
    'Dense': {'kernel': '_kernel'}, 'EinsumDense': {'kernel': '_kernel'},
    'Conv1D': {'kernel': '_kernel'}, 'Conv2D': {'kernel': '_kernel'}, 'Conv3D': {'kernel': '_kernel'},
    'Conv1DTranspose': {}, 'Conv2DTranspose': {}, 'Conv3DTranspose': {},
    'DepthwiseConv1D': {}, 'DepthwiseConv2D': {}, 'SeparableConv1D': {}, 'SeparableConv2D': {},
    'Embedding': {'embeddings': '_embeddings'},
    'IndexLookup': {'_idf_variable': 'idf_weights'},       # StringLookup, IntegerLookup
    'MultiHeadAttention': {'query_dense': '_query_dense', 'key_dense': '_key_dense',
                           'value_dense': '_value_dense', 'output_dense': '_output_dense'},
}
_LAYER_INTERNALS = frozenset(['_input_layer', '_graph'])
# Lists Keras 3 sets outside its own tracking (no_automatic_dependency_tracking), which TensorFlow's
# AutoTrackable then wraps and checkpoints: a stateful RNN's state variables ('states/0', 'states/1').
_TF_TRACKED_LISTS = {'RNN': ('states',)}


def escape(name):
    """A name as one segment of a checkpoint key: TensorFlow doubles '.' and writes '/' as '.S'."""
    return str(name).replace('.', '..').replace('/', '.S')


def _loaded(module_name, attribute):
    # Layers and optimizers are only looked for once their packages are loaded:
    # the core never imports Keras to write a checkpoint of plain variables.
    module = sys.modules.get(module_name)
    return getattr(module, attribute) if module is not None else None


def _is(value, module_name, attribute):
    cls = _loaded(module_name, attribute)
    return cls is not None and isinstance(value, cls)


def is_layer(value):
    return _is(value, 'layers.layer', 'Layer')


def is_optimizer(value):
    return _is(value, 'optim.optimizer', 'Optimizer')


class Container:
    """A list or dict that TensorFlow saves as an object of its own (ListWrapper / _DictWrapper)."""

    def __init__(self, items):
        self.items = list(items)     # (name, value) pairs


class Placeholder:
    """An object TensorFlow saves that tapeflow does not have (a Sequential's implicit InputLayer)."""


def _listed(values):
    return Container((str(i), v) for i, v in enumerate(values))


def _tracked_by_keras(value):
    return isinstance(value, (Variable, Module)) or is_layer(value) or is_optimizer(value) \
        or hasattr(value, '_checkpoint_children') or hasattr(value, '_checkpoint_state')   # a lookup table


def _tracked_by_module(value):
    if isinstance(value, (ListWrapper, DictWrapper)):     # TensorFlow saves its wrappers, even empty ones
        return True
    if isinstance(value, (list, tuple)):
        return any(_tracked_by_module(v) for v in value)
    if isinstance(value, dict):
        return any(_tracked_by_module(v) for v in value.values())
    if _tracked_by_keras(value):
        return True
    from .object_graph import is_trackable      # (it says which holders of variables TF tracks)
    return is_trackable(value)


def _as_child(value):
    if isinstance(value, (ListWrapper, DictWrapper)):     # a tf.Module's: they tell a waiting restore of new items
        return value
    # a plain list, tuple or dict keeps its items' indices, but only the trackable items are
    # dependencies: (variable, tf.constant(5.)) saves 'pair/0' alone
    if isinstance(value, (list, tuple)):
        return Container((str(i), _as_child(v)) for i, v in enumerate(value) if _tracked_by_module(v))
    if isinstance(value, dict):
        return Container((str(k), _as_child(v)) for k, v in value.items() if _tracked_by_module(v))
    return value


def _keras_names(layer):
    for cls in type(layer).__mro__:
        if cls.__name__ in _KERAS_NAMES:
            return _KERAS_NAMES[cls.__name__]
    return {}


# Keras 3's Functional tracks these lists and flags of its own (empty, or not variables) before its
# operations; TF saves each as a node without values, in this order
_FUNCTIONAL_BOOKKEEPING = ('_tracked', '_inbound_nodes', '_outbound_nodes', '_losses', '_losses_override',
                           'call_signature_parameters', '_call_has_context_arg')


def _functional_children(operations):
    return [(name, Placeholder()) for name in _FUNCTIONAL_BOOKKEEPING] + [('_operations', _listed(operations))]


def _layer_children(layer):
    out = []
    if _is(layer, 'layers.sequential', 'Sequential'):
        if layer.built:
            from layers.functional.sequential_operations import sequential_operations
            operations = sequential_operations(layer)      # with the mask ops Keras records (NotEqual, Any)
            if operations is None:
                first = layer._input_layer if layer._input_layer is not None else Placeholder()
                operations = [first] + list(layer._layers)
            out.append(('_functional', Container(_functional_children(operations))))
    elif isinstance(vars(layer).get('_operations'), list):          # a functional model
        out.extend(_functional_children(layer._operations))
    names = _keras_names(layer)
    lists = next((_TF_TRACKED_LISTS[c.__name__] for c in type(layer).__mro__ if c.__name__ in _TF_TRACKED_LISTS), ())
    for name, value in vars(layer).items():
        if name in lists and isinstance(value, (list, tuple)):
            out.append((name, _listed(value)))
        elif name not in _LAYER_INTERNALS and name != '_operations' and _tracked_by_keras(value):
            out.append((names.get(name, name), value))
            if is_optimizer(value) and out[-1][0] == 'optimizer':
                # compile() sets Keras 3's {layer: trainable} dict right after the optimizer; TF
                # saves it as a node without values
                out.append(('_compiled_trainable_state', Placeholder()))
    return out


def _built_on(optimizer):
    """The variables an optimizer was built on. A LossScaleOptimizer's slots are its inner
    optimizer's, but Keras lists the variables on both."""
    inner = vars(optimizer).get('inner_optimizer')
    return optimizer._slots.model_variables() or (_built_on(inner) if is_optimizer(inner) else [])


# The lists of slots Keras 3's build() keeps per kind, which TF saves after the learning rate: their
# items are the slots again (edges to the '_variables' nodes). (attribute, slot name, always): a list
# marked always is there, empty, when the optimizer keeps no such slot (SGD without momentum);
# the others only with their slots (Adam's velocity_hat, with amsgrad). Known for these optimizers.
_BASE_SLOT_LISTS = (('_model_variables_moving_average', 'average', False),      # use_ema
                    ('_accumulated_gradients', 'gradient_accumulator', False))     # gradient_accumulation_steps
_MOMENTUM_VELOCITY = (('_momentums', 'momentum', True), ('_velocities', 'velocity', True))
_KERAS_SLOT_LISTS = {
    'Adam': _MOMENTUM_VELOCITY + (('_velocity_hats', 'velocity_hat', False),),
    'Nadam': _MOMENTUM_VELOCITY, 'Lamb': _MOMENTUM_VELOCITY,
    'SGD': (('momentums', 'momentum', True),),
    'RMSprop': (('_velocities', 'velocity', True), ('_momentums', 'momentum', True),
                ('_average_gradients', 'average_gradient', True)),
    'Adagrad': (('_accumulators', 'accumulator', True),),
    'Adadelta': (('_accumulated_grads', 'accumulated_grad', True), ('_accumulated_delta_vars', 'accumulated_delta_var', True)),
    'Adamax': (('_m', 'momentum', True), ('_u', 'norm', True)),
    'Ftrl': (('_accumulators', 'accumulator', True), ('_linears', 'linear', True)),
    'Lion': (('_momentums', 'momentum', True),),
    # Keras fills Adafactor's lists without tracking their items: TF saves them empty
    'Adafactor': (('_r', None, True), ('_c', None, True), ('_v', None, True))}


def _slot_lists(optimizer):
    built = optimizer._slots.model_variables()
    if not built:
        return []
    lists = next((_KERAS_SLOT_LISTS[c.__name__] for c in type(optimizer).__mro__ if c.__name__ in _KERAS_SLOT_LISTS), ())
    out = []
    for attribute, slot, always in _BASE_SLOT_LISTS + lists:
        try:
            out.append((attribute, _listed([optimizer._slots.get(v, slot) for v in built] if slot else [])))
        except LookupError:     # a kind this optimizer does not keep (optim/slots.py: KeyError or IndexError)
            if always:
                out.append((attribute, _listed([])))
    return out


def _optimizer_children(optimizer):
    out = [('_variables', _listed(optimizer._slots.variables)),     # its own (a LossScaleOptimizer's lists its inner's too)
           ('_trainable_variables', _listed(_built_on(optimizer))),
           ('_trainable_variables_indices', Placeholder()),     # Keras 3's {variable key: index}: no values
           ('_iterations', optimizer._iterations)]
    if isinstance(optimizer._learning_rate, Variable):
        out.append(('_learning_rate', optimizer._learning_rate))
    out.extend(_slot_lists(optimizer))
    for name, value in vars(optimizer).items():     # Nadam's '_u_product', LossScaleOptimizer's 'inner_optimizer'
        if name not in ('_iterations', '_learning_rate') and (isinstance(value, Variable) or is_optimizer(value)):
            out.append((name, value))
    return out


def children(obj):
    """(name, child) pairs of ``obj``'s dependencies, in TensorFlow's order (names unescaped)."""
    if isinstance(obj, (Variable, Placeholder)) or hasattr(obj, '_checkpoint_state'):
        return []
    if isinstance(obj, Container):
        return obj.items
    if isinstance(obj, ListWrapper):                     # a list or dict set on a Checkpoint or a tf.Module
        return [(str(i), _as_child(v)) for i, v in enumerate(obj) if _tracked_by_module(v)]
    if isinstance(obj, DictWrapper):
        return [(str(k), _as_child(v)) for k, v in obj.items() if _tracked_by_module(v)]
    if isinstance(obj, tuple):          # a _TupleWrapper set on a Checkpoint: (v1, [v2]) saves 't/0', 't/1/0'
        return [(str(i), _as_child(v)) for i, v in enumerate(obj) if _tracked_by_module(v)]
    if is_optimizer(obj):
        return _optimizer_children(obj)
    if is_layer(obj):
        return _layer_children(obj)
    if hasattr(obj, '_checkpoint_children'):           # a Checkpoint, a tf.random.Generator
        named = obj._checkpoint_children()
        root = next((child for name, child in named if name == ''), None)
        if root is None:
            return named
        # Checkpoint(root, **kwargs): TF attaches every keyword object and 'root' itself (sorted by
        # name) to the root, after the root's own dependencies, then 'save_counter'. The root is this
        # checkpoint's node (node 0), so its 'root' edge points back to it.
        attached = sorted([(name, child) for name, child in named if name not in ('', 'save_counter')]
                          + [('root', obj)], key=lambda pair: pair[0])
        return children(root) + attached + [(name, child) for name, child in named if name == 'save_counter']
    if isinstance(obj, Module):
        return [(name, _as_child(value)) for name, value in vars(obj).items()
                if not name.startswith('__') and _tracked_by_module(value)]
    return [('_variables', _listed(obj.variables))]       # e.g. a metric: tapeflow's own extension


class TrackableGraph:
    """Every object reachable from ``root``, breadth first (TensorFlow's node order).

    ``nodes[i]`` is an object, ``edges[i]`` its (child node id, name) pairs, ``attributes[i]``
    the {attribute: checkpoint key} of a node with saved values; ``variables`` maps keys to
    Variables and ``values`` keys to what is saved (numpy arrays), both in node order.
    """

    def __init__(self, root):
        self.nodes, self.edges, self.attributes = [root], [], {}
        self.variables, self.values = {}, {}
        ids, paths = {id(root): 0}, ['']
        i = 0
        while i < len(self.nodes):
            obj, edges = self.nodes[i], []
            for name, child in children(obj):
                if id(child) not in ids:
                    ids[id(child)] = len(self.nodes)
                    self.nodes.append(child)
                    paths.append(paths[i] + '/' + escape(name) if paths[i] else escape(name))
                edges.append((ids[id(child)], name))
            self.edges.append(edges)
            if isinstance(obj, Variable):
                self.attributes[i] = {'VARIABLE_VALUE': paths[i] + SUFFIX}
                self.variables[paths[i] + SUFFIX] = obj
                self.values[paths[i] + SUFFIX] = np.asarray(backend.to_host(obj._data))
            elif hasattr(obj, '_checkpoint_state'):      # e.g. a tf.data iterator's position
                self.attributes[i] = {}
                # TF's graph lists one attribute per saveable ('ITERATOR', 'table'); its tensors'
                # keys extend that attribute's key ('.../ITERATOR_STATE', '.../table-keys')
                saveable = getattr(obj, '_checkpoint_attribute', None)
                for name, value in obj._checkpoint_state().items():
                    key = '%s/.ATTRIBUTES/%s' % (paths[i], name)
                    attribute = saveable or name
                    self.attributes[i][attribute] = '%s/.ATTRIBUTES/%s' % (paths[i], attribute)
                    self.values[key] = value
            i += 1

    def has_values(self):
        """Per node, whether a variable is reachable from it (TensorFlow's has_checkpoint_values)."""
        memo = {}

        def reaches(i):
            if i not in memo:
                memo[i] = False                  # cycles reach nothing new
                memo[i] = i in self.attributes or any(reaches(j) for j, _ in self.edges[i])
            return memo[i]
        return [reaches(i) for i in range(len(self.nodes))]
