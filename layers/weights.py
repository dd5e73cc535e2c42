"""The weight and loss accessors every Layer has (Keras 3's semantics).

Own weights come first (trainable ones, then non-trainable ones, each in
creation order), then those of the sublayers, without repeats. A layer
whose ``trainable`` is False reports no trainable weights.
"""
import numpy as np

from framework.backend import array_module, to_host
from framework.tape import paused
from framework.tensor import Tensor

from . import tracking


class LayerWeights:
    """Mixin of ``Layer``: weights, losses, get/set_weights, constraints."""

    # ---- weights --------------------------------------------------------------
    @property
    def weights(self):
        """Every variable of the layer and its sublayers."""
        own = self._trainable_created + self._non_trainable_created
        subs = tracking.direct_sublayers(self)
        if not subs:
            return list(own)
        out = list(own)
        for layer in subs:
            out.extend(layer.weights)
        return tracking.unique(out)

    @property
    def variables(self):
        return self.weights

    @property
    def trainable_weights(self):
        """The variables an optimizer trains (none while ``trainable`` is False)."""
        if not self._trainable:
            return []
        return [v for v in self.weights if v._trainable]

    trainable_variables = trainable_weights

    @property
    def non_trainable_weights(self):
        if not self._trainable:
            return self.weights
        return [v for v in self.weights if not v._trainable]

    non_trainable_variables = non_trainable_weights

    @property
    def layers(self):
        """The direct sublayers, in attribute order."""
        return tracking.direct_sublayers(self)

    def _flatten_layers(self, include_self=True):
        return ([self] if include_self else []) + tracking.all_sublayers(self)

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
        subs = tracking.all_sublayers(self)
        out = list(self._losses)
        regularizers = dict(self._regularizers)
        for layer in subs:
            if layer._losses and layer._call_epoch >= self._call_epoch:
                out.extend(layer._losses)
            if layer._regularizers:
                regularizers.update(layer._regularizers)
        if regularizers and self._trainable:
            for v in self._trainable_weights_of([self] + subs):
                penalty = regularizers.get(v)
                if penalty is not None:
                    out.append(penalty(v))
        return out

    @staticmethod
    def _trainable_weights_of(layers):
        """``trainable_weights`` of the first of ``layers``, given all of them in
        ``all_sublayers`` order (``losses`` runs every step: this saves a second walk).

        ``weights`` is the own variables of a depth-first, pre-order walk, repeats
        dropped; ``all_sublayers`` is that same walk, so the order is the same.
        """
        seen, out = set(), []
        for layer in layers:
            for v in layer._trainable_created + layer._non_trainable_created:
                if v._trainable and id(v) not in seen:
                    seen.add(id(v))
                    out.append(v)
        return out

    # ---- constraints ------------------------------------------------------------
    @property
    def weight_constraints(self):
        """{variable: constraint} for every constrained weight here and below.

        The Variable has no slot for it, so the owning layer keeps the
        mapping; ``apply_weight_constraints`` is what a training loop calls
        after each optimizer step.
        """
        found = dict(self._constraints)
        for layer in tracking.all_sublayers(self):
            found.update(layer._constraints)
        return found

    def apply_weight_constraints(self):
        """Project each constrained weight back onto its constraint, in place.

        Keras 3 does this right after the optimizer updates a variable
        (``variable.assign(variable.constraint(variable))``), outside any tape.
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
        weights = list(weights)
        if len(params) != len(weights):
            raise ValueError("You called `set_weights(weights)` on layer '%s' with a weight list of length "
                             '%d, but the layer was expecting %d weights.' % (self.name, len(weights), len(params)))
        arrays = []
        for variable, value in zip(params, weights):
            array = np.asarray(to_host(value._data if isinstance(value, Tensor) else value))
            if tuple(array.shape) != tuple(variable.shape):
                raise ValueError('Layer %s weight shape %s is not compatible with provided weight shape %s '
                                 '(weight %r).' % (self.name, tuple(variable.shape), tuple(array.shape),
                                                   variable.path))
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
                             'You can build it manually via: `%s.build(input_shape)`.'
                             % (self.name, self.name))
        return int(sum(int(np.prod(v.shape, dtype=np.int64)) for v in self.weights))
