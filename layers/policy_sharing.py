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
"""
import contextlib

from .layer_arguments import dtype_policy

_TAG = '__tapeflow_policy_identity__'
_DROPPED = '__tapeflow_dropped_config__'
_recording = [False]


@contextlib.contextmanager
def recording(enabled):
    """Tag the policies serialized inside the block (when ``enabled``)."""
    outer, _recording[0] = _recording[0], bool(enabled)
    try:
        yield
    finally:
        _recording[0] = outer


def is_recording():
    """Whether a ``.keras`` file's config is being serialized (and shared objects marked)."""
    return _recording[0]


def policy_config(layer):
    """``layer``'s serialized dtype policy, tagged while recording if it is the shared global one."""
    config = dtype_policy(layer.dtype_policy.name)
    identity = getattr(layer, '_policy_identity', None)
    if _recording[0] and identity is not None:
        config[_TAG] = id(identity)
    return config


def with_dropped_config(config, dropped):
    """``config`` holding, while recording, a config Keras serializes and then drops (an RNN's
    cell): ``mark`` counts the policies in it, before ``config``'s own dtype, then removes it."""
    if _recording[0]:
        config[_DROPPED] = dropped
    return config


def mark(config):
    """Replace the tags in ``config`` (in place) by Keras's 'shared_object_id' marks."""
    seen = set()

    def visit_policy(policy):
        tag = policy.pop(_TAG, None)
        if tag is None:
            return
        if tag in seen:
            policy['shared_object_id'] = tag
        seen.add(tag)

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key != 'dtype':
                    walk(value)
            node.pop(_DROPPED, None)
            if isinstance(node.get('dtype'), dict):
                visit_policy(node['dtype'])
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    walk(config)
    return config
