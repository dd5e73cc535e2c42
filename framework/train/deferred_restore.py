"""Restores waiting for an object to build, as TensorFlow defers them.

A checkpoint may hold values for variables a program has not created yet (a
model not built, an optimizer that has not stepped). TensorFlow restores
those when they are created. Here the restore leaves a callback on the
unbuilt layer or optimizer; ``after_build`` (called by Layer and Optimizer
when they finish building) runs it, so the first step already computes with
the restored values.
"""
import weakref

_pending = {}      # id(object) -> (weak reference to it, [callbacks])


def register(obj, resume):
    """Call ``resume(obj)`` when ``obj`` builds; ``resume`` must not hold ``obj`` (it would never be freed)."""
    key = id(obj)
    entry = _pending.get(key)
    if entry is None or entry[0]() is not obj:
        def forget(reference):      # the object is gone: drop its waiting values (they may be large)
            if _pending and key in _pending and _pending[key][0] is reference:     # (None at exit)
                del _pending[key]
        entry = _pending[key] = (weakref.ref(obj, forget), [])
    entry[1].append(resume)


def after_build(obj):
    """Run the restores waiting on ``obj`` (a no-op, one dict lookup, when none wait)."""
    if not _pending:
        return
    entry = _pending.pop(id(obj), None)
    if entry is not None and entry[0]() is obj:
        for resume in entry[1]:
            resume(obj)
        _take_restored_snapshots(obj)
    inner = vars(obj).get('inner_optimizer')       # a LossScaleOptimizer builds its inner one itself
    if inner is not None:
        after_build(inner)


def _take_restored_snapshots(obj):
    """TensorFlow restores a variable as it is created, inside build, so a layer whose build ends by
    taking a snapshot of its weights (Keras 3's Normalization.finalize_state) takes the restored values;
    here they arrive after build, so the snapshot is taken again."""
    layers = obj._flatten_layers() if callable(getattr(obj, '_flatten_layers', None)) else [obj]
    for layer in layers:
        if getattr(layer, '_finalizes_when_loaded', False):
            layer.finalize_state()


def waiting_on(obj):
    entry = _pending.get(id(obj))
    return entry is not None and entry[0]() is obj
