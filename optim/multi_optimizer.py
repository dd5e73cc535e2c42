"""MultiOptimizer: each variable updated by its own optimizer, as Keras 3.15; OptimizerMap picks them."""
import re
from collections.abc import MutableMapping

from framework.keras_repr import KerasObjectRepr
from framework.variable import STATELESS_SCOPES

from .loss_scale_optimizer import LossScaleOptimizer
from .optimizer import Optimizer


class OptimizerMap(KerasObjectRepr, MutableMapping):
    """Optimizers by variable path: an exact key first, else the one key that, read as a regular
    expression, matches the whole path ('encoder/.*'), else ``default_optimizer``.

    Raises:
        TypeError: a ``default_optimizer`` that is not an Optimizer, or an ``optimizer_map`` that is
            not a dict.
        ValueError (on assignment): a key already present or not a string, or an optimizer that is
            not an Optimizer or is a LossScaleOptimizer or MultiOptimizer; (on lookup) a path that
            two patterns match.
    """

    def __init__(self, default_optimizer, optimizer_map=None):
        if not isinstance(default_optimizer, Optimizer):
            raise TypeError('default_optimizer must be a Keras Optimizer instance. Received: %s'
                            % (default_optimizer,))
        if optimizer_map is not None and not isinstance(optimizer_map, dict):
            raise TypeError('optimizer_map must be a dictionary. Received: %s' % (optimizer_map,))
        self._default_optimizer = default_optimizer
        self._optimizer_map = optimizer_map or {}

    @property
    def default_optimizer(self):
        return self._default_optimizer

    def __getitem__(self, key):
        if key in self._optimizer_map:
            return self._optimizer_map[key]
        matches = [pattern for pattern in self._optimizer_map if re.fullmatch(pattern, key)]
        if len(matches) > 1:
            raise ValueError('Multiple optimizers assigned to variable %s.' % (key,))
        return self._optimizer_map[matches[0]] if matches else self._default_optimizer

    def __setitem__(self, key, optimizer):
        if key in self._optimizer_map:
            raise ValueError("'%s' already exists in the OptimizerMap with value %s. Please make sure to not "
                             'use duplicated keys.' % (key, self._optimizer_map[key]))
        if not isinstance(key, str):
            raise ValueError('key must be a string. Received: %s' % (key,))
        if not isinstance(optimizer, Optimizer):
            raise ValueError('optimizer must be a Keras Optimizer instance. Received: %s' % (optimizer,))
        if isinstance(optimizer, LossScaleOptimizer):
            raise ValueError('optimizer cannot be LossScaleOptimizer.')
        if isinstance(optimizer, MultiOptimizer):
            raise ValueError('optimizer cannot be MultiOptimizer.')
        self._optimizer_map[key] = optimizer

    def __delitem__(self, key):
        del self._optimizer_map[key]

    def __len__(self):
        return len(self._optimizer_map)

    def __iter__(self):
        return iter(self._optimizer_map)

    def __call__(self, variable):
        return self[variable.path]

    def get_config(self):
        from . import serialize
        return {'default_optimizer': serialize(self._default_optimizer),
                'optimizer_map': {key: serialize(opt) for key, opt in self._optimizer_map.items()}}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from . import deserialize_config as deserialize     # (Keras's serialization_lib: no lower-casing)
        return cls(deserialize(config['default_optimizer'], custom_objects),
                   {key: deserialize(opt, custom_objects) for key, opt in (config['optimizer_map'] or {}).items()})


class MultiOptimizer(Optimizer):
    """Applies each gradient with the optimizer ``optimizer_map`` gives its variable; matches
    ``keras.optimizers.MultiOptimizer`` (Keras 3.15).

    Args:
        optimizer_map: an ``OptimizerMap``, or a callable taking a variable and returning its optimizer.
        loss_scale_factor: set on every inner optimizer (None too, replacing theirs).
        name: defaults to 'multi_optimizer', made unique.

    Its own state is an iteration count and an unused learning rate (0); ``variables`` lists them,
    then each inner optimizer's variables, in ``optimizers`` order (the map's optimizers, then its
    default, then those a callable returned, in the order the variables met them). ``learning_rate``
    is not defined on it: ask the inner optimizers.
    """

    def __init__(self, optimizer_map, loss_scale_factor=None, name=None):
        super().__init__(learning_rate=0.0, loss_scale_factor=loss_scale_factor, name=name)
        self._optimizer_map = _as_keras_tracks(optimizer_map)
        self._inner_optimizers = []
        candidates = list(optimizer_map.values()) if hasattr(optimizer_map, 'values') else []
        default = getattr(optimizer_map, 'default_optimizer', None)
        for opt in candidates + ([default] if default is not None else []):
            if not any(opt is known for known in self._inner_optimizers):
                opt.loss_scale_factor = loss_scale_factor
                self._inner_optimizers.append(opt)
        self._owner_of = {}          # id(model variable) -> index into _inner_optimizers

    @property
    def optimizers(self):
        return self._inner_optimizers

    @property
    def variables(self):
        own = list(self._slots.variables)
        for opt in self._inner_optimizers:
            own.extend(opt.variables)
        return own

    @property
    def learning_rate(self):
        raise AttributeError('Learning rate cannot be accessed on a MultiOptimizer. Access the learning rate '
                             'on the individual sub-optimizers instead.')

    @learning_rate.setter
    def learning_rate(self, value):
        raise AttributeError('Learning rate cannot be set on a MultiOptimizer. Set the learning rate on the '
                             'individual sub-optimizers instead.')

    lr = learning_rate

    @property
    def loss_scale_factor(self):
        return self.__dict__.get('_loss_scale_factor')

    @loss_scale_factor.setter
    def loss_scale_factor(self, value):
        self._loss_scale_factor = value
        for opt in self.__dict__.get('_inner_optimizers', ()):
            opt.loss_scale_factor = value

    def build(self, var_list):
        """Assign each variable its optimizer and build each optimizer on its own variables (once)."""
        if self.built:
            return
        groups = [[] for _ in self._inner_optimizers]
        for variable in var_list:
            opt = self._optimizer_map(variable)
            if not isinstance(opt, Optimizer):
                raise ValueError('Optimizer for variable %s is not an Optimizer instance.' % (variable,))
            if isinstance(opt, LossScaleOptimizer):
                raise ValueError('LossScaleOptimizer cannot be used inside an MultiOptimizer.')
            if isinstance(opt, MultiOptimizer):
                raise ValueError('MultiOptimizer cannot be used inside an MultiOptimizer.')
            index = next((i for i, known in enumerate(self._inner_optimizers) if known is opt), None)
            if index is None:
                opt.loss_scale_factor = self.loss_scale_factor
                self._inner_optimizers.append(opt)
                groups.append([])
                index = len(groups) - 1
            self._owner_of[id(variable)] = index
            groups[index].append(variable)
        for opt, variables in zip(self._inner_optimizers, groups):
            if variables:
                opt.build(variables)
        super().build(var_list)

    def apply(self, grads, trainable_variables=None):
        """Hand each gradient to its variable's optimizer (each counts its own step), then count one."""
        grads = list(grads)
        if not grads:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError('When passing `grads` without `variables`, the optimizer must already be built '
                                 'on a list of variables. Call `optimizer.build(trainable_variables)` first.')
            trainable_variables = self._slots.model_variables()
        trainable_variables = list(trainable_variables)
        if not self.built:
            self.build(trainable_variables)
        if len(grads) != len(self._owner_of):
            raise ValueError('Gradients must match trainable variables one-to-one. Received %d gradients and '
                             '%d variables.' % (len(grads), len(self._owner_of)))
        groups = [([], []) for _ in self._inner_optimizers]
        for grad, variable in zip(grads, trainable_variables):
            group = groups[self._index_of(variable)]
            group[0].append(grad)
            group[1].append(variable)
        for opt, (sub_grads, sub_vars) in zip(self._inner_optimizers, groups):
            if sub_grads:
                opt.apply(sub_grads, sub_vars)
        if STATELESS_SCOPES:      # inside keras.StatelessScope the scope keeps the count, as Keras's assign_add
            STATELESS_SCOPES[-1].claim(self._iterations)
        self._iterations._data += 1

    def _index_of(self, variable):
        index = self._owner_of.get(id(variable))
        if index is None:
            raise KeyError('MultiOptimizer: variable %r was not among the variables it was built with; '
                           'build a new MultiOptimizer for a new set of variables' % (variable.path,))
        return index

    def update_step(self, gradient, variable, learning_rate):
        raise NotImplementedError('MultiOptimizer updates through its inner optimizers (see apply)')

    def finalize_variable_values(self, var_list):
        groups = [[] for _ in self._inner_optimizers]
        for variable in var_list:
            groups[self._index_of(variable)].append(variable)
        for opt, variables in zip(self._inner_optimizers, groups):
            if variables:
                opt.finalize_variable_values(variables)

    def set_weights(self, weights):
        """Keras 3.15's: its own variables from the first arrays (an IndexError when too few), then each
        inner optimizer's ``set_weights`` on its slice of the rest."""
        if not self.built:
            super().set_weights(weights)        # raises the not-built ValueError
        own = list(self._slots.variables)
        for i, variable in enumerate(own):
            variable.assign(weights[i])
        start = len(own)
        for opt in self._inner_optimizers:
            count = len(opt.variables)
            if count:
                opt.set_weights(weights[start:start + count])
                start += count

    def get_config(self):
        """Keras's config: the map serialized (a callable selector is kept as it is), the loss scale
        factor and the name."""
        optimizer_map = self._optimizer_map
        if isinstance(optimizer_map, OptimizerMap):
            optimizer_map = {'module': 'keras.optimizers', 'class_name': 'OptimizerMap',
                             'config': optimizer_map.get_config(), 'registered_name': None}
        return {'optimizer_map': optimizer_map, 'loss_scale_factor': self.loss_scale_factor, 'name': self.name}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        optimizer_map = config['optimizer_map']
        if isinstance(optimizer_map, dict) and optimizer_map.get('class_name') == 'OptimizerMap':
            config['optimizer_map'] = OptimizerMap.from_config(optimizer_map['config'], custom_objects)
        return cls(**config)


def _as_keras_tracks(value):
    """A list or dict as Keras 3's tracker stores it on the optimizer (a TrackedList / TrackedDict copy): a
    misuse, MultiOptimizer([Adam()]), then fails at the first apply with TF 2.21's TypeError "'TrackedList'
    object is not callable" (tapeflow said 'list')."""
    from layers.tracked_containers import TrackedDict, TrackedList      # (late: layers imports optim)
    if type(value) is list:
        return TrackedList(value)
    if type(value) is dict:
        return TrackedDict(value)
    return value
