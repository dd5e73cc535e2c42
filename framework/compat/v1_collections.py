"""TF 1's graph collections, which TF 2.21 still keeps eagerly: ``tf.compat.v1.add_to_collection`` /
``get_collection`` and the ``GraphKeys`` names. Eagerly TF adds few things to them; the one a TF 1-era eager
program meets is ``get_variable(..., regularizer=...)``, whose penalty TF keeps in
``REGULARIZATION_LOSSES`` as a lazy tensor computed again from the variable each time it is read (so
``tf.losses.get_regularization_loss()`` follows training). tapeflow keeps the penalty's function and hands
out its value when the collection is read."""
import re


class GraphKeys:
    """The standard collection names (TF's strings)."""
    GLOBAL_VARIABLES = VARIABLES = 'variables'
    LOCAL_VARIABLES = 'local_variables'
    METRIC_VARIABLES = 'metric_variables'
    MODEL_VARIABLES = 'model_variables'
    TRAINABLE_VARIABLES = 'trainable_variables'
    SUMMARIES = 'summaries'
    QUEUE_RUNNERS = 'queue_runners'
    TABLE_INITIALIZERS = 'table_initializer'
    ASSET_FILEPATHS = 'asset_filepaths'
    MOVING_AVERAGE_VARIABLES = 'moving_average_variables'
    REGULARIZATION_LOSSES = 'regularization_losses'
    CONCATENATED_VARIABLES = 'concatenated_variables'
    SAVERS = 'savers'
    WEIGHTS = 'weights'
    BIASES = 'biases'
    ACTIVATIONS = 'activations'
    UPDATE_OPS = 'update_ops'
    LOSSES = 'losses'
    SAVEABLE_OBJECTS = 'saveable_objects'
    RESOURCES = 'resources'
    LOCAL_RESOURCES = 'local_resources'
    TRAINABLE_RESOURCE_VARIABLES = 'trainable_resource_variables'
    INIT_OP = 'init_op'
    LOCAL_INIT_OP = 'local_init_op'
    READY_OP = 'ready_op'
    READY_FOR_LOCAL_INIT_OP = 'ready_for_local_init_op'
    SUMMARY_OP = 'summary_op'
    GLOBAL_STEP = 'global_step'
    EVAL_STEP = 'eval_step'
    TRAIN_OP = 'train_op'
    COND_CONTEXT = 'cond_context'
    WHILE_CONTEXT = 'while_context'


_collections = {}


class Lazy:
    """A value computed again each time its collection is read (TF's _LazyEvalTensor)."""

    def __init__(self, thunk):
        self.thunk = thunk


def add_to_collection(name, value):
    _collections.setdefault(name, []).append(value)


def add_to_collections(names, value):
    for name in ([names] if isinstance(names, str) else set(names)):
        add_to_collection(name, value)


def get_collection_ref(key):
    """The collection's own list (a lazy entry stays lazy)."""
    return _collections.setdefault(key, [])


def get_collection(key, scope=None):
    """A copy of the collection, lazy entries computed now; with ``scope``, only the items whose name
    matches it (eager tensors have none, so TF 2.21 leaves them out)."""
    items = [item.thunk() if isinstance(item, Lazy) else item for item in _collections.get(key, [])]
    if scope is None:
        return items
    return [item for item in items if _name(item) is not None and re.match(scope, _name(item))]


def _name(item):
    try:
        return getattr(item, 'name', None)
    except AttributeError:          # an eager tensor's name: 'Tensor.name is undefined...'
        return None


def get_regularization_losses(scope=None):
    """The penalties of ``get_variable``'s regularizers, computed from the variables now."""
    return get_collection(GraphKeys.REGULARIZATION_LOSSES, scope)


def get_regularization_loss(scope=None, name='total_regularization_loss'):
    """Their sum (``add_n``), or 0.0 without any."""
    import framework
    losses = get_regularization_losses(scope)
    return framework.add_n(losses) if losses else framework.constant(0.0)
