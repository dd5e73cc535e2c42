"""``tf.train``: checkpoints of object graphs, their manager and readers, moving averages.

Checkpoints are TensorFlow's files ('<prefix>.index', '<prefix>.data-00000-of-00001', the
'checkpoint' state file) in TensorFlow's format (``tensor_bundle``), keyed and ordered as
TensorFlow 2.21 with Keras 3 writes them (``trackable_view``), so each side restores the
other's. tapeflow's earlier HDF5 checkpoints are still read and restored (``checkpoint_file``).
"""
import os

from .checkpoint import Checkpoint
from .checkpoint_file import CheckpointReader
from .checkpoint_manager import CheckpointManager
from .checkpoint_options import CheckpointOptions
from .checkpoint_polling import checkpoints_iterator
from .checkpoint_views import CheckpointView, TrackableView
from .coordinator import Coordinator
from .checkpoint_state import CheckpointState, get_checkpoint_state, latest_checkpoint
from .cluster_spec import ClusterSpec
from .moving_averages import ExponentialMovingAverage
from .restore_status import CheckpointLoadStatus
from ..io.example_proto import BytesList, Example, Feature, Features, FloatList, Int64List  # tf.train's protos
from ..io.sequence_example_proto import FeatureList, FeatureLists, SequenceExample  # noqa: F401

__all__ = ['BytesList', 'Checkpoint', 'CheckpointLoadStatus', 'CheckpointManager', 'CheckpointOptions', 'ClusterSpec',
           'CheckpointReader', 'CheckpointState', 'CheckpointView', 'TrackableView', 'Coordinator',
           'Example', 'Feature', 'FeatureList', 'FeatureLists', 'Features',
           'FloatList', 'SequenceExample', 'Int64List', 'ExponentialMovingAverage', 'checkpoints_iterator', 'get_checkpoint_state',
           'latest_checkpoint', 'list_variables', 'load_checkpoint', 'load_variable']


def load_checkpoint(ckpt_dir_or_file):
    """A reader of the checkpoint at a prefix, or of a directory's latest checkpoint.

    Raises:
        ValueError: a directory without checkpoints.
        NotFoundError: no checkpoint at the prefix.
    """
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = latest_checkpoint(path)
        if latest is None:
            raise ValueError("Couldn't find 'checkpoint' file or checkpoints in given directory %s" % path)
        path = latest
    return CheckpointReader(path)


def list_variables(ckpt_dir_or_file):
    """(key, shape) of every value in the checkpoint, sorted by key."""
    shapes = load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map()
    return sorted(shapes.items())


def load_variable(ckpt_dir_or_file, name):
    """The saved value of ``name`` (e.g. 'model/w/.ATTRIBUTES/VARIABLE_VALUE'; a trailing ':0' is dropped)."""
    if name.endswith(':0'):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


def __getattr__(name):
    # named as TensorFlow 2.21 names this module: TF 1's tf.train.GradientDescentOptimizer there is
    # "module 'tensorflow._api.v2.train' has no attribute 'GradientDescentOptimizer'"
    raise AttributeError("module 'tensorflow._api.v2.train' has no attribute %r" % name)
