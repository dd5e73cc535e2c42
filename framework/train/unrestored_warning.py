"""TensorFlow's warning when a checkpoint restore ends with saved values nothing took.

TensorFlow's restore coordinator logs, when it is freed (the status dropped and no
object left waiting to build), each saved object with values that was never
paired with a live one, unless ``status.expect_partial()`` was called:

    WARNING:tensorflow:Detecting that an object or model or tf.train.Checkpoint is being deleted ...
    WARNING:tensorflow:Value in checkpoint could not be found in the restored object: (root).step

A model restored with its optimizer that never steps (its slots never made) is the
common case. Here a ``GraphRestore`` plays the coordinator: ``watch`` ties this
warning to its lifetime.
"""
import weakref

from ..tf_logging import logger
from .trackable_proto import node_names

_HEADER = ('Detecting that an object or model or tf.train.Checkpoint is being deleted with unrestored values. '
           'See the following logs for the specific values in question. To silence these warnings, use '
           '`status.expect_partial()`. See https://www.tensorflow.org/api_docs/python/tf/train/Checkpoint#restore'
           'for details about the status object returned by the restore function.')


class UnrestoredWarning:
    """What the warning needs, kept apart from the restore (a finalizer must not hold what it watches)."""
    __slots__ = ('nodes', 'bound', 'partial_expected')

    def __init__(self, nodes, bound):
        self.nodes, self.bound = nodes, bound     # ``bound``: the restore's dict, filled as objects pair
        self.partial_expected = False

    def log(self):
        if self.partial_expected:
            return
        unused = [node_id for node_id, node in enumerate(self.nodes) if node.keys and node_id not in self.bound]
        if not unused:
            return
        names = node_names(self.nodes)
        log = logger()
        log.warning(_HEADER)
        for node_id in unused:
            log.warning('Value in checkpoint could not be found in the restored object: %s' % names.get(node_id))


def watch(restore):
    """Log the warning when ``restore`` (a GraphRestore) is freed, or at exit if it is still alive."""
    warning = UnrestoredWarning(restore.nodes, restore.bound)
    weakref.finalize(restore, warning.log)
    return warning
