"""``tf.compat.v1.initializers`` and ``tf.compat.v1.layers`` as TF 2.21 has them.

``initializers`` holds TF 1's initializer classes (``initializers.he_normal()``, ``initializers.zeros``) and
the variable initializers' TF 1 names (``initializers.global_variables()``: None eagerly). ``layers`` is TF 1's
``tf.layers``, which TF 2.21 routes to Keras 2: with Keras 3 installed every name of it raises
"`dense` is not available with Keras 3." (use ``tf.keras.layers.Dense``); so does ``nn.rnn_cell``
(``BasicLSTMCell``...)."""
import types

import framework
from . import v1_initializers, v1_ops
from .v1_random_initializers import MODULE

initializers = types.ModuleType('framework.compat.v1.initializers', __doc__)
vars(initializers).update(MODULE, zeros=v1_initializers.Zeros, ones=v1_initializers.Ones,
                          constant=v1_initializers.Constant,
                          global_variables=v1_ops.global_variables_initializer,
                          local_variables=v1_ops.local_variables_initializer,
                          tables_initializer=v1_ops.tables_initializer, variables=v1_ops.variables_initializer)


class Keras2Only(types.ModuleType):
    """A TF 1 Keras-2 module: its names exist only with the tf_keras package, which tapeflow is not."""

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        raise AttributeError('`%s` is not available with Keras 3.' % name)


layers = Keras2Only('framework.compat.v1.layers', __doc__)


class FileWriter:
    """TF 1's summary writer, which needs a graph: refused eagerly in TF 2.21's words."""

    def __init__(self, logdir, graph=None, max_queue=10, flush_secs=120, graph_def=None, filename_suffix=None,
                 session=None):
        raise RuntimeError('v1.summary.FileWriter is not compatible with eager execution. Use '
                           '`tf.summary.create_file_writer`,or a `with v1.Graph().as_default():` context')


summary = types.ModuleType('framework.compat.v1.summary', 'tf.summary with TF 1\'s FileWriter, refused eagerly.')
summary.FileWriter = FileWriter
summary.__getattr__ = lambda attribute: getattr(framework.summary, attribute)

