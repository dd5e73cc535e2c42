"""Keras 3's 'shared_object_id' on the dtype policies of a ``.keras`` file's config.json
(and, through ``is_recording``, on the objects an RNN layer shares with its cell).

Layers made without a ``dtype`` share Keras's one global ``DTypePolicy`` object, and
Keras's ``.keras`` saving serializes within an object-sharing scope that marks an
object serialized more than once with ``'shared_object_id': id(object)``. The first
config of each such object carries no id (Keras marks the dict it has by then copied),
every later one does; loading makes the marked layers share one policy again. Only
``.keras`` archives carry the ids: not ``.h5`` files, ``to_json`` or ``get_config``.

A layer keeps ``_policy_identity`` (the global policy it was made under, see
``framework.keras.mixed_precision.global_policy_identity``); ``policy_config`` tags its
serialized policy with that while ``recording`` is on, and ``mark`` walks the finished
config in Keras's serialization order (nested layers before their parent's own
dtype), turning the tags into ids.

That order is Keras's built-in layers'. A user's get_config runs in its own order, and Keras
marks a first config too when the object is serialized again before the get_config that made
it has returned (the guide's ``{**super().get_config(), 'sublayer': serialize(...)}``): the
policy then carries the id everywhere. ``serializing`` follows which get_config is running.
"""
import contextlib
import itertools

from .layer_arguments import dtype_policy

_TAG = '__tapeflow_policy_identity__'
_SEQUENCE = '__tapeflow_policy_sequence__'
_USERS_ORDER = '__tapeflow_users_get_config__'
_DROPPED = '__tapeflow_dropped_config__'
_recording = [False]
_running = []          # while recording: a _GetConfig for each get_config running, innermost last
_seen = set()           # the tags serialized so far
_first_made_in = {}     # tag -> the _GetConfig its first config was made in, while that one runs
_marked_everywhere = set()     # tags Keras marks on every config (read by ``mark``)
_made = itertools.count()       # the order the tagged configs were made in


class _GetConfig:
    __slots__ = ('users', 'firsts')

    def __init__(self, users):
        self.users = users      # a user's class: its get_config's order is Keras's too
        self.firsts = []        # the tags whose first config this get_config made


@contextlib.contextmanager
def recording(enabled):
    """Tag the policies serialized inside the block (when ``enabled``)."""
    outer, _recording[0] = _recording[0], bool(enabled)
    if enabled and not outer:
        _seen.clear()
        _first_made_in.clear()
        _marked_everywhere.clear()
    try:
        yield
    finally:
        _recording[0] = outer


@contextlib.contextmanager
def serializing(obj):
    """Around ``obj.get_config()`` while recording: Keras copies the configs a get_config made when
    it returns, so a mark made later no longer reaches them."""
    if not _recording[0]:
        yield
        return
    defining = next((cls for cls in type(obj).__mro__ if 'get_config' in vars(cls)), object)
    frame = _GetConfig(defining.__module__.split('.')[0] not in ('layers', 'framework', 'optim'))
    _running.append(frame)
    try:
        yield
    finally:
        _running.pop()
        for tag in frame.firsts:
            _first_made_in.pop(tag, None)


def is_recording():
    """Whether a ``.keras`` file's config is being serialized (and shared objects marked)."""
    return _recording[0]


def policy_config(layer):
    """``layer``'s serialized dtype policy, tagged while recording if it is the shared global one."""
    config = dtype_policy(layer.dtype_policy.name)
    identity = getattr(layer, '_policy_identity', None)
    if _recording[0] and identity is not None:
        config[_TAG] = tag = id(identity)
        config[_SEQUENCE] = next(_made)
        _note_serialized(tag)
    return config


def _note_serialized(tag):
    """Keras's record_object_after_serialization, as far as the marks go: serialized again while the
    user's get_config that made its first config runs, the policy is marked on that config too."""
    if tag not in _seen:
        _seen.add(tag)
        if _running:
            _running[-1].firsts.append(tag)
            _first_made_in[tag] = _running[-1]
        return
    made_in = _first_made_in.get(tag)
    if made_in is not None and made_in.users:
        _marked_everywhere.add(tag)


def writes_users_config(obj):
    """Whether ``obj``'s get_config is a user's (not one of tapeflow's classes')."""
    defining = next((cls for cls in type(obj).__mro__ if 'get_config' in vars(cls)), object)
    return defining.__module__.split('.')[0] not in ('layers', 'framework', 'optim')


def in_users_order(layer, entry):
    """``entry`` (``layer``'s serialized dict), noted while recording when ``layer``'s get_config is a
    user's: Keras then meets its policies in the order they were made (its own dtype in
    ``super().get_config()``, a sublayer returned as an object after get_config returns), which
    ``mark`` follows for it instead of the built-in layers' sublayers-first order."""
    if _recording[0] and writes_users_config(layer):
        entry[_USERS_ORDER] = True
    return entry


def with_dropped_config(config, dropped):
    """``config`` holding, while recording, a config Keras serializes and then drops (an RNN's
    cell): ``mark`` counts the policies in it, before ``config``'s own dtype, then removes it."""
    if _recording[0]:
        config[_DROPPED] = dropped
    return config


def mark(config, users_order=False):
    """Replace the tags in ``config`` (in place) by Keras's 'shared_object_id' marks; ``users_order``:
    ``config`` is what a user's get_config returned (see ``in_users_order``)."""
    seen = set()
    policies = _in_made_order([], config) if users_order else _policies_in_keras_order(config)
    for policy in policies:
        tag = policy.pop(_TAG)
        policy.pop(_SEQUENCE, None)
        if tag in seen or tag in _marked_everywhere:
            policy['shared_object_id'] = tag
        seen.add(tag)
    return config


def _policies_in_keras_order(node):
    """The tagged policy dicts under ``node``: a built-in layer's sublayers before its own dtype, a
    user's get_config's policies (each sublayer's as one block) in the order they were made."""
    if isinstance(node, (list, tuple)):
        return [policy for value in node for policy in _policies_in_keras_order(value)]
    if not isinstance(node, dict):
        return []
    users_order = node.pop(_USERS_ORDER, False)
    if users_order and isinstance(node.get('config'), dict):
        return _in_made_order([value for key, value in node.items() if key != 'config'], node['config'])
    found = [policy for key, value in node.items() if key != 'dtype' for policy in _policies_in_keras_order(value)]
    node.pop(_DROPPED, None)
    return found + _own_policy(node)


def _in_made_order(others, inner):
    """The policies of a user's get_config output ``inner`` (and of its entry's ``others``), each value's
    in one block, the blocks in the order their policies were made."""
    blocks = [_policies_in_keras_order(value) for value in others]
    blocks += [_policies_in_keras_order(value) for key, value in inner.items() if key != 'dtype']
    blocks.append(_own_policy(inner))
    blocks.sort(key=lambda block: min(policy[_SEQUENCE] for policy in block) if block else -1)
    inner.pop(_DROPPED, None)
    return [policy for block in blocks for policy in block]


def _own_policy(node):
    policy = node.get('dtype')
    return [policy] if isinstance(policy, dict) and _TAG in policy else []
