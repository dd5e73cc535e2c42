"""Finding a layer's sublayers and weights, by looking at its attributes.

Sublayers are the Layer values of the instance ``__dict__``, in insertion
order, including those held in lists, tuples and dicts (``self.blocks =
[Dense(8), Dense(8)]``), found at the moment weights are asked for. They are
listed in the order they were added (``tracked_containers``, Keras 3's order),
which ``__setattr__`` and the tracked lists and dicts note.
"""
import operator
import types

import numpy as np

from framework.variable import Variable

from .tracked_containers import ORDER, TrackedDict, TrackedList, added_order


def direct_sublayers(layer):
    """The layers held by ``layer``'s attributes, each once, in attribute order."""
    found = []
    for value in _cached_places(layer):
        if type(value) in CONTAINERS:
            _collect(value, layer, found, _Layer or _layer_class())
        elif value not in found:
            found.append(value)
    order = added_order(layer)
    if order:
        # Keras 3's order: as added; any found but never noted (set through __dict__, or into a
        # list by index, which Keras does not track) keep their attribute order, after those.
        rank = {id(sub): i for i, sub in enumerate(order)}
        found.sort(key=lambda sub: rank.get(id(sub), len(rank)))
    return found


# Where a layer's sublayers are: its Layer attributes and its list/tuple/dict
# attributes (searched on every call, since a list can be appended to), in
# attribute order. Cached in the instance dict under this name, because
# weights and losses are asked for every training step; Layer.__setattr__ and
# __delattr__ drop the cache when an attribute outside NOT_SUBLAYER_NAMES changes.
CACHE = '_sublayer_places'
CONTAINERS = (list, tuple, dict, TrackedList, TrackedDict)
_DICTS = (dict, TrackedDict)

# Counts the changes of every layer's structure (an attribute that may hold a
# sublayer set or deleted, a weight added, a trainable flag set): the key, with
# framework.variable.TRAINABLE_FLAG_CHANGES, of the weight lists cached in
# layers/weights.py. Lists and dicts that can change in place are compared
# item by item instead (see ``containers_of``).
STRUCTURE_CHANGES = [0]


def structure_changed(layer):
    """Drop ``layer``'s cached sublayer places and move every cache key."""
    layer.__dict__.pop(CACHE, None)
    STRUCTURE_CHANGES[0] += 1


def containers_of(layers):
    """The list/tuple/dict attributes (and the containers inside them) of ``layers``:
    the places whose items can change without an attribute being set."""
    found = []
    for layer in layers:
        pending = [v for v in _cached_places(layer) if type(v) in CONTAINERS]
        while pending:
            container = pending.pop()
            if type(container) is not tuple:     # a tuple's items never change (nested lists are followed)
                found.append(container)
            items = container.values() if type(container) in _DICTS else container
            pending.extend(v for v in items if type(v) in CONTAINERS)
    return found


def snapshot(container):
    """The items of ``container`` (values and keys of a dict), to compare by identity."""
    if type(container) in _DICTS:
        return tuple(container) + tuple(container.values())
    return tuple(container)


def unchanged(container, items):
    # snapshot(container), inline: weight lists ask on every read (a training step reads three)
    current = tuple(container) + tuple(container.values()) if type(container) in _DICTS else tuple(container)
    return len(current) == len(items) and all(map(operator.is_, current, items))


def _cached_places(layer):
    attrs = layer.__dict__
    places = attrs.get(CACHE)
    if places is None:
        places = attrs[CACHE] = _places(layer)
    return places


def _places(layer):
    Layer = _layer_class()
    places = []
    for name, value in layer.__dict__.items():
        kind = type(value)
        # Values that cannot hold a layer are passed over with one set lookup,
        # and Layer's own bookkeeping by its name.
        if kind in _NOT_LAYERS or name in NOT_SUBLAYER_NAMES:
            continue
        if isinstance(value, Layer):
            if value is not layer:
                places.append(value)
        elif kind in CONTAINERS:
            places.append(value)
        else:
            # Neither a layer nor a container (an initializer, a regularizer...): a
            # class never becomes a Layer subclass later, so remember the type.
            _NOT_LAYERS.add(kind)
    return places


def _layer_class():
    global _Layer
    if _Layer is None:
        from .layer import Layer        # layer.py imports this module
        _Layer = Layer
    return _Layer


_Layer = None


def _collect(container, owner, found, Layer):
    for item in container.values() if type(container) in _DICTS else container:
        if isinstance(item, Layer):
            if item is not owner and item not in found:
                found.append(item)
        elif type(item) in CONTAINERS:
            _collect(item, owner, found, Layer)


def all_sublayers(layer):
    """Every layer below ``layer``, depth first, each once (``layer`` excluded)."""
    out, seen = [], {id(layer)}
    pending = list(reversed(direct_sublayers(layer)))
    while pending:
        sub = pending.pop()
        if id(sub) in seen:
            continue
        seen.add(id(sub))
        out.append(sub)
        pending.extend(reversed(direct_sublayers(sub)))
    return out


def seed_states(layer):
    """The state variables of the ``keras.random.SeedGenerator``s held by ``layer``'s attributes
    (in lists, tuples and dicts too), in attribute order: Keras 3's tracker counts them in the
    layer's ``variables``."""
    from framework.keras.seed_generator import SeedGenerator      # framework.keras imports layers
    found = []
    pending = [v for k, v in reversed(layer.__dict__.items()) if k not in NOT_SUBLAYER_NAMES]
    while pending:
        value = pending.pop()
        if isinstance(value, SeedGenerator):
            found.append(value.state)
        elif type(value) in CONTAINERS:
            items = value.values() if type(value) in _DICTS else value
            pending.extend(reversed([v for v in items if isinstance(v, SeedGenerator) or type(v) in CONTAINERS]))
    return found


def unique(variables):
    """``variables`` without repeats, first occurrence kept."""
    seen, out = set(), []
    for v in variables:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out


_PLAIN = frozenset((str, int, float, bool, type(None), Variable, np.dtype, type(np.dtype('float32')),
                    types.FunctionType, types.BuiltinFunctionType))

# _PLAIN, and every other type met in a layer's attributes that is neither a
# Layer nor a list, tuple or dict (direct_sublayers adds them as it meets them).
_NOT_LAYERS = set(_PLAIN)

# Attributes of Layer that hold weights, losses or settings, never sublayers.
NOT_SUBLAYER_NAMES = frozenset(('_trainable_created', '_non_trainable_created', '_regularizers', '_constraints',
                   '_losses', 'input_spec', '_build_input_shape', '_batch_input_shape', '_dtype',
                   'activity_regularizer', 'name', '_trainable', 'built', '_call_epoch',
                   '_output_shapes', '_inbound_nodes', '_outbound_nodes', CACHE, '_weights_walk', ORDER,
                   '_graph_ends',      # Sequential's Input and output KerasTensors
                   # the training flags a Sequential's / Functional's graph records for its layers
                   '_recorded_training', '_node_training',
                   '_compile_config',   # compile()'s arguments
                   'sequence_masks',    # a recurrent cell's dropout masks, held for one sequence
                   '_step_trace',       # fit's trace of the running train step, set twice per step
                   # a model's fit state (its History callback, Keras's stop flag): set by every fit (history
                   # four times), they moved every cached weight and metric walk's key
                   'history', 'stop_training',
                   '_step_random_states',   # fit's random states per step kind (a dict every step's walk checked)
                   # a functional model's KerasTensor structures: Keras builds them untracked (model.input
                   # is the plain dict or list given, no TrackedDict)
                   '_inputs_struct', '_outputs_struct', '_inputs', '_outputs', '_input_dtypes'))


def track_variable(layer, variable):
    """Make a Keras variable set as ``layer``'s attribute one of its own weights, as Keras 3's
    tracker does (``self.scale = keras.Variable(2.0)`` in ``__init__``); a tf.Variable is not
    tracked, as in Keras, and a weight the layer already owns (``self.kernel = self.add_weight(...)``)
    is not added twice."""
    created = layer.__dict__.get('_trainable_created')
    if created is None:       # set before Layer.__init__ ran
        return
    others = layer._non_trainable_created
    if any(v is variable for v in created) or any(v is variable for v in others):
        return
    (created if variable.trainable else others).append(variable)
    structure_changed(layer)


def new_state(layer, value, layer_class):
    """Whether setting ``value`` on ``layer`` would add state that Keras 3's tracker refuses once
    the layer is built: a layer that is not yet one of its sublayers, a Keras variable that is not
    yet one of its weights, or a list, tuple or dict holding one (reassigning what it has is fine)."""
    if isinstance(value, layer_class):
        return value is not layer and not any(value is sub for sub in direct_sublayers(layer))
    if type(value) is Variable:
        return value._path is not None and not any(
            value is v for v in layer._trainable_created + layer._non_trainable_created)
    if type(value) in CONTAINERS:
        items = value.values() if isinstance(value, _DICTS) else value
        return any(new_state(layer, item, layer_class) for item in items)
    return False
