"""The weight and loss accessors every Layer has (Keras 3's semantics).

Own weights come first (trainable ones, then non-trainable ones, each in
creation order), then those of the sublayers, without repeats. A layer
whose ``trainable`` is False reports no trainable weights.
"""
import collections
import sys
from operator import is_

import numpy as np

from framework.backend import array_module, to_host
from framework import trace_names
from framework.errors import shown_as
from framework.tape import paused
from framework.tensor import Tensor
from framework.variable import TRAINABLE_FLAG_CHANGES

from . import layer_metrics, traced_penalties, tracking
from .tracking import STRUCTURE_CHANGES, unchanged      # (a list counted in place: the name stays bound to it)
from .tracked_containers import TrackedList

_LISTS = {list, TrackedList}


class LayerWeights:
    """Mixin of ``Layer``: weights, losses, get/set_weights, constraints."""

    # ---- weights --------------------------------------------------------------
    # Training loops read weights, trainable_variables and losses every step;
    # the lists come from a walk over the sublayers that is cached until the
    # structure changes (see tracking.STRUCTURE_CHANGES). Each call returns a
    # new list, so callers may change what they get.
    @property
    def weights(self):
        """Every variable of the layer and its sublayers."""
        return list(self._walk().weights)

    @property
    def variables(self):
        """The weights, with the states of the layers' ``keras.random.SeedGenerator``s after each
        layer's own weights (Keras 3's order); metrics' variables are not included."""
        return list(self._walk().variables)

    @property
    def trainable_weights(self):
        """The variables an optimizer trains (none while ``trainable`` is False)."""
        return list(self._walk().trainable)

    # (a property of its own, not the same object: a refused assignment names the attribute assigned)
    trainable_variables = property(trainable_weights.fget, doc=trainable_weights.__doc__)

    @property
    def non_trainable_weights(self):
        return list(self._walk().non_trainable)

    @property
    def non_trainable_variables(self):
        """The non-trainable weights and the seed generators' states (every variable while
        ``trainable`` is False)."""
        variables = self._walk().variables
        return list(variables) if not self._trainable else [v for v in variables if not v._trainable]

    def _walk(self):
        walk = self.__dict__.get('_weights_walk')
        key = (STRUCTURE_CHANGES[0], TRAINABLE_FLAG_CHANGES[0])
        if walk is not None and walk.key == key:
            # (a loop, not all(map(unchanged, ...)): a Python function called from C runs in a fresh
            # interpreter loop, and a training step asks three times)
            for container, items in zip(walk.containers, walk.items):
                if type(container) in _LISTS:   # (a layer list, the usual container: unchanged() spelled out)
                    if len(container) != len(items) or not all(map(is_, container, items)):
                        break
                elif not unchanged(container, items):
                    break
            else:
                return walk
        walk = self.__dict__['_weights_walk'] = _Walk(self, key)
        return walk

    def _flatten_layers(self, include_self=True, recursive=True):
        """Keras 3's walk: each layer once; recursive, a layer's sublayers go to the front of the
        queue in reverse (Keras's ``deque.extendleft``), so the walk is not a pre-order one."""
        if not recursive:
            return ([self] if include_self else []) + tracking.direct_sublayers(self)
        out, seen = [self] if include_self else [], set()
        queue = collections.deque(tracking.direct_sublayers(self))
        while queue:
            layer = queue.popleft()
            if id(layer) not in seen:
                seen.add(id(layer))
                out.append(layer)
                queue.extendleft(tracking.direct_sublayers(layer))
        return out

    @property
    def metrics(self):
        """The Metric objects of this layer's attributes, then its sublayers' (Keras 3's order)."""
        return layer_metrics.layer_metrics(self)

    @property
    def metrics_variables(self):
        """The variables of every metric in ``metrics``, in that order."""
        return [v for m in self.metrics for v in m.variables]

    # ---- losses -----------------------------------------------------------------
    @property
    def losses(self):
        """Losses to add to the training loss, as scalar tensors.

        First the ``add_loss`` and activity-regularizer losses of the latest
        call (of this layer and of the sublayers that ran in it), then one
        penalty per regularized trainable weight, computed now from the
        weight's current value, so inside a GradientTape they are recorded
        and differentiable.
        """
        walk = self._walk()
        out = list(self._losses)
        for layer in walk.subs:
            if layer._losses and layer._call_epoch >= self._call_epoch:
                out.extend(layer._losses)
        penalties = [penalty(variable) for variable, penalty in walk.penalties]
        if penalties and trace_names.ACTIVE:        # (a graph trace's names: traced_penalties.py)
            traced_penalties.name_penalties(walk.penalties, penalties, sys._getframe(1))
        out.extend(penalties)
        return out

    # ---- constraints ------------------------------------------------------------
    @property
    def weight_constraints(self):
        """{variable: constraint} for every constrained weight here and below (each
        also the variable's ``constraint``, which optimizers apply after each update)."""
        found = dict(self._constraints)
        for layer in tracking.all_sublayers(self):
            found.update(layer._constraints)
        return found

    def apply_weight_constraints(self):
        """Project each constrained weight back onto its constraint, in place, outside any tape.

        Optimizers already do this after each update, as Keras 3's do; call it only after
        changing weights some other way.
        """
        found = self.weight_constraints
        if found:
            with paused():
                for variable, constraint in found.items():
                    variable.assign(constraint(variable))

    # ---- values -----------------------------------------------------------------
    def get_weights(self):
        """The weights' values as numpy arrays, in ``weights`` order."""
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights):
        """Assign numpy arrays to the weights, in ``weights`` order.

        Raises:
            ValueError: naming the layer, when the count or a shape differs;
                nothing is assigned unless every array fits.
        """
        params = self.weights
        len(weights)        # Keras 3 takes len() first: None (or a generator) is Python's TypeError there
        weights = list(weights)
        if len(params) != len(weights):
            raise ValueError("You called `set_weights(weights)` on layer '%s' with a weight list of length "
                             '%d, but the layer was expecting %d weights.' % (self.name, len(weights), len(params)))
        arrays = []
        for variable, value in zip(params, weights):
            if not hasattr(value, 'shape'):       # Keras 3 reads value.shape first (a list, a float, a str)
                error = WeightValueError("'%s' object has no attribute 'shape'" % type(value).__name__)
                error.add_note("layer '%s': set_weights takes numpy arrays or tensors, one per weight; weight %r "
                               'has shape %s' % (self.name, variable.path, tuple(variable.shape)))
                raise error
            array = np.asarray(to_host(value._data if isinstance(value, Tensor) else value))
            if tuple(array.shape) != tuple(variable.shape):
                error = ValueError('Layer %s weight shape %s is not compatible with provided weight shape %s.'
                                   % (self.name, tuple(variable.shape), tuple(array.shape)))     # Keras 3's words
                error.add_note('The weight is %r.' % variable.path)
                raise error
            arrays.append(array)
        for variable, array in zip(params, arrays):
            # host arrays go to the variable's device (numpy or cupy) first
            xp = array_module(variable._data)
            variable.assign(xp.asarray(array.astype(variable.dtype, copy=False)))

    def count_params(self):
        """The number of scalars in the weights.

        Raises:
            ValueError: the layer is not built yet.
        """
        if not self.built:
            raise ValueError("You tried to call `count_params` on layer '%s', but the layer isn't built. "
                             'You can build it manually via: `layer.build(input_shape)`.' % self.name)   # Keras 3's text
        return int(sum(int(np.prod(v.shape, dtype=np.int64)) for v in self.weights))


class WeightValueError(ValueError, AttributeError):
    """set_weights given something with no shape: Keras 3's AttributeError (it reads ``value.shape``),
    also the ValueError tapeflow raised for a shape that did not fit."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows AttributeError there
shown_as(WeightValueError, AttributeError)


class _Walk:
    """What a walk over a layer and its sublayers found, and when it is stale.

    ``weights`` are the own variables of each layer in ``all_sublayers`` order
    (a depth-first, pre-order walk, first visits only), which is Keras 3's
    order: own weights, then each sublayer's. ``penalties`` pairs each
    regularized trainable weight with its regularizer, in weight order.
    """
    __slots__ = ('key', 'containers', 'items', 'subs', 'weights', 'trainable', 'non_trainable', 'penalties',
                 'every', '_variables', 'metrics')

    def __init__(self, layer, key):
        self.key = key
        self.subs = tracking.all_sublayers(layer)
        self.every = every = [layer] + self.subs
        self.containers = tracking.containers_of(every)
        self.items = [tracking.snapshot(c) for c in self.containers]
        regularizers = {}
        for each in every:
            regularizers.update(each._regularizers)
        self.weights = weights = tracking.unique(
            v for each in every for v in each._trainable_created + each._non_trainable_created)
        if layer._trainable:
            self.trainable = [v for v in weights if v._trainable]
            self.non_trainable = [v for v in weights if not v._trainable]
        else:
            self.trainable, self.non_trainable = [], weights
        self.penalties = [(v, regularizers[v]) for v in self.trainable if v in regularizers]
        self._variables = None
        self.metrics = None             # a Model's metric attributes and its layers' (Trainer.metrics)

    @property
    def variables(self):
        """``weights`` with each layer's seed-generator states after its own weights: found on first
        use only, since training loops read ``weights`` and ``trainable`` but never these."""
        if self._variables is None:
            self._variables = tracking.unique(
                v for each in self.every for v in
                each._trainable_created + each._non_trainable_created + tracking.seed_states(each))
        return self._variables
