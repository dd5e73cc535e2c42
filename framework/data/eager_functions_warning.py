"""TF 2.21's warning for a tf.data function made while ``tf.config.run_functions_eagerly(True)`` is on.

tf.data traces its functions as graphs whatever that switch says (its StructuredFunctionWrapper warns,
once a process: Python shows a warning once per place). A port that turns the switch on to debug its
custom train_step sees it at its first fit / evaluate / predict on arrays, a generator or a PyDataset (Keras
reads them through Dataset.map) or at its first Dataset.map / filter / ... call; tf.data's debug mode
(tf.data.experimental.enable_debug_mode) runs the functions eagerly and does not warn.
"""
import warnings

from ..eager_switch import RUN_EAGERLY

_TEXT = ('Even though the `tf.config.experimental_run_functions_eagerly` option is set, this option does not '
         'apply to tf.data functions. To force eager execution of tf.data functions, please use '
         '`tf.data.experimental.enable_debug_mode()`.')


def warn_if_functions_run_eagerly(debug_mode=False):
    """Warn as TF 2.21 does when a tf.data function is made now (``debug_mode``: tf.data's is on)."""
    if RUN_EAGERLY[0] and not debug_mode:
        warnings.warn(_TEXT, UserWarning)
