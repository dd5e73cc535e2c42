"""Python's default repr of an object, naming the module Keras 3 (or TF 2.21) defines its class in.

Keras leaves the repr of its callbacks, initializers, regularizers, constraints, learning-rate
schedules and optimizers to Python: ``print(history)`` shows
``<keras.src.callbacks.history.History object at 0x7f...>``. tapeflow's classes live in other modules
(``layers.callbacks.history``), so their repr names Keras's module instead; a user's subclass keeps
its own (``<__main__.MyCallback object at 0x...>``), as under Keras. IPython shows such an object as
``<module.Class at 0x...>``, which ``_repr_pretty_`` keeps. TensorFlow's classes that keep object's repr
(tf.Module, tf.train.Checkpoint and its load status, tf.random.Generator, a dataset's iterator, an
embedding gradient's IndexedSlices, tf.train.CheckpointOptions, tf.saved_model.SaveOptions / LoadOptions,
a checkpoint reader, tf.train.Coordinator, tf.train.ExponentialMovingAverage, CustomObjectScope, tf.lookup's tables
and initializers, tf.experimental.Optional, distribution strategies, their replica contexts, distributed datasets and
iterators) name TF's module the same way (``default_repr``).
"""

# tapeflow module -> Keras 3's, where a package's file names differ from Keras's
_MODULES = {
    'layers.callbacks.monitor': 'keras.src.callbacks.monitor_callback',
    'layers.initializers.constant': 'keras.src.initializers.constant_initializers',
    'layers.initializers.stft': 'keras.src.initializers.constant_initializers',
    'layers.regularizers': 'keras.src.regularizers.regularizers',
    'layers.constraints': 'keras.src.constraints.constraints',
    'framework.losses.loss': 'keras.src.losses.loss',
    'framework.keras.seed_generator': 'keras.src.random.seed_generator',
    'framework.module': 'tensorflow.python.module.module',
    'framework.train.checkpoint': 'tensorflow.python.checkpoint.checkpoint',
    'framework.train.restore_status': 'tensorflow.python.checkpoint.checkpoint',
    'framework.train.checkpoint_manager': 'tensorflow.python.checkpoint.checkpoint_management',
    'framework.random_generator': 'tensorflow.python.ops.stateful_random_ops',
    'framework.data.dataset_iterator': 'tensorflow.python.data.ops.iterator_ops',
    'framework.data.options': 'tensorflow.python.data.ops.options',
    'framework.distribute': 'tensorflow.python.distribute.distribute_lib',
    'framework.indexed_slices': 'tensorflow.python.framework.indexed_slices',
    'framework.tape': 'tensorflow.python.eager.backprop',       # GradientTape
    'framework.train.checkpoint_options': 'tensorflow.python.checkpoint.checkpoint_options',
    'framework.train.coordinator': 'tensorflow.python.training.coordinator',
    'framework.train.moving_averages': 'tensorflow.python.training.moving_averages',
    'framework.keras.custom_objects': 'keras.src.saving.object_registration',
    'framework.lookup': 'tensorflow.python.ops.lookup_ops',      # tables and their initializers
    'framework.lookup_dense': 'tensorflow.python.ops.lookup_ops',
    'framework.data.optional': 'tensorflow.python.data.ops.optional_ops',
    'framework.distribute_values': 'tensorflow.python.distribute.input_lib',     # distributed datasets, iterators
    # one class of a tapeflow module whose others TF keeps elsewhere (or prints otherwise)
    'framework.saved_model.options.SaveOptions': 'tensorflow.python.saved_model.save_options',
    'framework.saved_model.options.LoadOptions': 'tensorflow.python.saved_model.load_options',
    'framework.train.checkpoint_file.CheckpointReader': 'tensorflow.python.util._pywrap_checkpoint_reader',
    'framework.data.lookup_tables.DatasetInitializer': 'tensorflow.python.data.experimental.ops.lookup_ops',
    'framework.distribute.MirroredStrategy': 'tensorflow.python.distribute.mirrored_strategy',
    'framework.distribute.OneDeviceStrategy': 'tensorflow.python.distribute.one_device_strategy',
    'framework.distribute._MirroredReplicaContext': 'tensorflow.python.distribute.mirrored_run',
    'framework.distribute._OneDeviceReplicaContext': 'tensorflow.python.distribute.one_device_strategy',
}
_PACKAGES = (('layers.callbacks.', 'keras.src.callbacks.'), ('layers.initializers.', 'keras.src.initializers.'),
             ('optim.schedules.', 'keras.src.optimizers.schedules.learning_rate_schedule'),     # one file in Keras
             ('optim.', 'keras.src.optimizers.'))


def keras_class_path(cls):
    """'module.QualName' of ``cls`` as Keras 3 would print it."""
    module = cls.__module__
    keras_module = _MODULES.get('%s.%s' % (module, cls.__qualname__)) or _MODULES.get(module)
    if keras_module is None:
        for ours, theirs in _PACKAGES:
            if module.startswith(ours):
                keras_module = theirs if not theirs.endswith('.') else theirs + module[len(ours):]
                break
    return '%s.%s' % (keras_module or module, cls.__qualname__)


def default_repr(self):
    """Python's default repr of ``self``, its class named as Keras / TensorFlow name it (``__repr__ = default_repr``
    in a class body: a mixin base would change the class's layout)."""
    return '<%s object at %#x>' % (keras_class_path(type(self)), id(self))


class KerasObjectRepr:
    """Mixin: the default object repr, with Keras's module for tapeflow's own classes."""

    __repr__ = default_repr

    def _repr_pretty_(self, printer, cycle):
        printer.text('<%s at %#x>' % (keras_class_path(type(self)), id(self)))
