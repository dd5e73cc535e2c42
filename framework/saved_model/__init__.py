"""``tf.saved_model``: save an object with its variables and signatures to a directory; load it back.

tapeflow has no graphs to serialise, so a SavedModel here is the Python
object itself, pickled by reference to its classes and functions, with its
variables in a checkpoint::

    export_dir/saved_model.tapeflow      the pickled object and signatures
    export_dir/variables/variables.index, variables.data-00000-of-00001
    export_dir/assets/

Portable: between tapeflow processes that can import the object's code.
Not portable: to TensorFlow, TF Serving or TFLite (no saved_model.pb), or to
a program without the defining classes. The loaded object is a proxy of the
original (not an instance of its class, as in TensorFlow) that exposes its
attributes, variables, tf.functions and ``signatures``; being Python, its
functions accept any input the original accepts, not only traced shapes.
"""
import os
import pickle

import numpy as np

from .. import backend

from ..atomic_files import atomic_write
from ..nest import flatten
from ..function_save_traces import in_save_context, saves_concrete_functions, trace_for_save
from ..train import checkpoint_file
from ..tf_logging import logger as tensorflow_logger
from ..train.absl_root_logging import after_checkpoint_write
from ..train import trackable_proto
from ..train.object_graph import is_trackable
from ..train.trackable_view import TrackableGraph, is_layer
from . import object_pickle
from .asset import Asset
from .constants import *  # noqa: F401,F403  (TensorFlow's directory names, tags and keys)
from .constants import ASSETS_DIRECTORY, SERVING
from .loaded import LoadedObject
from .revived_variables import revived
from . import experimental  # noqa: F401  (tf.saved_model.experimental)
from .options import LoadOptions, SaveOptions
from .saved_traces import traced_signatures
from .signatures import Signature, as_signatures

SAVED_MODEL_FILENAME = 'saved_model.tapeflow'
FORMAT = 'tapeflow-saved-model-1'

__all__ = ['Asset', 'LoadOptions', 'LoadedObject', 'SaveOptions', 'Signature', 'contains_saved_model', 'load', 'save']


def _variables_prefix(export_dir):
    return os.path.join(export_dir, 'variables', 'variables')


def save(obj, export_dir, signatures=None, options=None):
    """Write ``obj`` (a tf.Module, Keras model, or any trackable object) to ``export_dir``.

    Args:
        signatures: a tf.function with input_signature, a concrete function, or a dict
            name -> either (default: TensorFlow's choice, see ``signatures.default_signatures``).
    Raises:
        ValueError: ``obj`` holds no variables and is not a Module or model.
        TypeError: ``obj`` cannot be pickled by reference (see ``object_pickle``).
    """
    if not is_trackable(obj):
        from ..keras_config_errors import class_text
        error = ValueError('Expected an object of type `Trackable`, such as `tf.Module` or a subclass of the '
                           '`Trackable` class, for export. Got %r with type %s.' % (obj, class_text(type(obj))))
        error.add_note('tf.saved_model.save takes a tf.Module, a Keras layer or model, or a tf.train.Checkpoint.')
        raise error         # TF 2.21's words
    export_dir = os.fspath(export_dir)
    graph = TrackableGraph(obj)
    keys = {id(variable): key for key, variable in graph.variables.items()}
    given_signatures = signatures
    signatures = as_signatures(signatures, obj, graph.variables.values())
    # TF 2.21 reads the options as its save goes ('options or SaveOptions()': an object that is not one fails
    # there in Python's words): a concrete function's cache key reads experimental_variable_policy first
    options = options or SaveOptions()
    if given_signatures is not None or saves_concrete_functions(graph.nodes):
        options.experimental_variable_policy
    # TF traces the signatures' and the saved modules' tf.functions anew in its save context
    # (function_save_traces.py); a signature of one of them learns its outputs from that trace
    traced = trace_for_save(graph.nodes, graph.variables.values(),
                            [f for f in (s.save_traced_function() for s in signatures.values()) if f is not None])
    for signature in signatures.values():
        with in_save_context(signature.function, traced):
            signature.trace_at_save(graph.variables.values())
    for name in signatures:
        # the signature map's keys are escaped as the object graph's local names (trackable_utils's
        # name.replace('.', '..')): a key that is no str fails there (3: "'int' object has no attribute 'replace'")
        name.replace('.', '..')
    options.namespace_whitelist
    # (the MetaGraph's tags: TF's 'serve', then SaveOptions' extra_tags; load's ``tags`` must match them)
    tags = [SERVING] + list(getattr(options, 'extra_tags', None) or [])
    payload = {'format': FORMAT, 'root': obj, 'signatures': signatures, 'traces': traced_signatures(obj),
               'tags': tags}
    assets_dir = os.path.join(export_dir, ASSETS_DIRECTORY)
    os.makedirs(assets_dir, exist_ok=True)
    data, variables = object_pickle.dumps(payload, lambda variable: keys.get(id(variable)), assets_dir)
    # TensorFlow's checkpoint of ``obj`` (its keys and object graph, which TF's tf.train readers take),
    # plus the values of variables the pickle holds that TF would not save ('_saved_variables/N')
    tensors = [(key, np.asarray(backend.to_host(variable._data))) for key, variable in variables.items()]
    tensors.append((trackable_proto.GRAPH_KEY, np.array(trackable_proto.encode(graph), dtype=object)))
    checkpoint_file.write_bundle(_variables_prefix(export_dir), tensors)
    after_checkpoint_write()        # as TensorFlow's saver, through absl (train/absl_root_logging.py)
    # TensorFlow's INFO line as it copies the assets (builder_impl), shown once a program sets the
    # 'tensorflow' logger to INFO (twice when absl's basicConfig gave the root logger a handler, as on TF)
    tensorflow_logger().info('Assets written to: %s', assets_dir)
    with atomic_write(os.path.join(export_dir, SAVED_MODEL_FILENAME)) as temporary:
        with open(temporary, 'wb') as f:
            f.write(data)


def load(export_dir, tags=None, options=None):
    """The object saved in ``export_dir``, as a ``LoadedObject``.

    Raises:
        OSError: no tapeflow SavedModel there (a TensorFlow one is named as such).
    """
    from ..compat import as_str, path_to_str       # (lazy: compat imports the v1 / v2 API modules)
    given = path_to_str(export_dir)
    export_dir = as_str(given)      # TF 2.21's compat.as_str: bytes taken, None 'Expected binary or unicode string, ...'
    path = os.path.join(export_dir, SAVED_MODEL_FILENAME)
    if not os.path.isfile(path):
        if os.path.isfile(os.path.join(export_dir, 'saved_model.pb')):
            raise OSError('%s holds a TensorFlow SavedModel (saved_model.pb); tapeflow loads only SavedModels '
                          'written by tapeflow' % export_dir)
        # TF 2.21's words (it looks for saved_model.pbtxt, then saved_model.pb); tapeflow's file named in a note
        error = OSError('SavedModel file does not exist at: %s%s{saved_model.pbtxt|saved_model.pb}'
                        % (given, os.sep))
        error.add_note('tapeflow: no %s in %s' % (SAVED_MODEL_FILENAME, export_dir))
        raise error
    values = checkpoint_file.CheckpointReader(_variables_prefix(export_dir)).values()
    with open(path, 'rb') as f:
        try:
            payload = object_pickle.loads(f.read(), values, os.path.join(export_dir, ASSETS_DIRECTORY))
        except (pickle.UnpicklingError, AttributeError, ImportError) as err:
            raise OSError('cannot load the SavedModel at %s: %s (the classes and functions it was saved with must '
                          'be importable)' % (export_dir, err)) from None
    _check_tags(tags, payload.get('tags', [SERVING]), export_dir)
    root = payload['root']
    if is_layer(root):      # TF revives a Keras model's variables as plain tf.Variables named by their paths
        revived(root.variables)
    return LoadedObject(root, payload['signatures'], payload.get('traces'))


def _check_tags(tags, saved, export_dir):
    """TF 2.21's check of load's ``tags`` (a tag, a sequence of them, or a set) against the saved MetaGraph's."""
    if tags is None:
        return
    given = tags if isinstance(tags, set) else flatten(tags)
    if set(given) != set(saved):
        raise ValueError("Got an incompatible argument to `tags`: %s. The SavedModel at %s has one MetaGraph with "
                         "tags %s. You may omit the argument, pass 'None', or pass matching tags."
                         % (given, export_dir, saved))


def contains_saved_model(export_dir):
    """Whether ``export_dir`` holds a tapeflow SavedModel."""
    return os.path.isfile(os.path.join(os.fspath(export_dir), SAVED_MODEL_FILENAME))
