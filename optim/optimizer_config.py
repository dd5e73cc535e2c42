"""An optimizer's config, as Keras 3 writes and reads it: a schedule serialized as Keras does, a named
function by name, a lambda as its bytecode; tf.keras 2's extra keys dropped on loading.
"""
import types

from framework.keras.object_serialization import deserialize_keras_object, serialize_keras_object
from framework.variable import Variable
from .schedules import LearningRateSchedule
from .schedules import serialize as serialize_schedule

_KERAS2_ONLY_KEYS = ('jit_compile', 'is_legacy_optimizer')   # found in tf.keras 2 configs; meaningless here


class OptimizerConfig:
    """The config methods of Optimizer (a base class of it)."""

    def get_config(self):
        """Keras 3's config; a schedule is serialized as Keras does, a named function by name (Keras's
        'function' entry, found again through custom_objects or the registry), a lambda as its bytecode
        (Keras's '__lambda__' entry, with its warning; loading it needs safe_mode=False), any other
        callable kept as it is."""
        if isinstance(self._learning_rate, LearningRateSchedule):
            learning_rate = serialize_schedule(self._learning_rate)
        elif isinstance(self._learning_rate, Variable):
            learning_rate = float(self._learning_rate.numpy())
        elif isinstance(self._learning_rate, types.FunctionType):
            learning_rate = serialize_keras_object(self._learning_rate)
        else:
            learning_rate = self._learning_rate
        return {'name': self.name, 'learning_rate': learning_rate, 'weight_decay': self.weight_decay,
                'clipnorm': self.clipnorm, 'global_clipnorm': self.global_clipnorm,
                'clipvalue': self.clipvalue, 'use_ema': self.use_ema, 'ema_momentum': self.ema_momentum,
                'ema_overwrite_frequency': self.ema_overwrite_frequency,
                'loss_scale_factor': self.loss_scale_factor,
                'gradient_accumulation_steps': self.gradient_accumulation_steps}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """An optimizer (without state) from ``get_config()`` output; tf.keras 2's
        'jit_compile' and 'is_legacy_optimizer' keys are dropped. As Keras 3 does, a serialized
        schedule is deserialized into the given dict too: its 'learning_rate' is the schedule after."""
        given, config = config, {k: v for k, v in config.items() if k not in _KERAS2_ONLY_KEYS}
        if isinstance(config.get('learning_rate'), dict):
            # Keras 3 reads it with serialization_lib's deserialize_keras_object, not schedules.deserialize:
            # an unregistered schedule class is its "Could not locate class 'Halving'" TypeError
            config['learning_rate'] = deserialize_keras_object(config['learning_rate'], custom_objects)
            given['learning_rate'] = config['learning_rate']
        return cls(**config)
