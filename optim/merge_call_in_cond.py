"""MirroredStrategy's refusal of a merge_call inside a traced ops.cond, as Keras 3's optimizer meets it.

Keras 3 on TensorFlow updates through ``maybe_merge_call`` (a ``merge_call`` in MirroredStrategy's replica
context). Two base options put that update in a branch of ``ops.cond``: gradient_accumulation_steps (the
update runs every n-th step) and use_ema with ema_overwrite_frequency (the overwrite of the weights by their
averages). Traced, in a MirroredStrategy's replica context (fit's train function, or strategy.run in a
tf.function), the branch's merge_call raises TF 2.21's RuntimeError, worded by Keras's Cond operation, at
every step: nothing trains and the step count stays. Eagerly (run_eagerly, strategy.run outside a function)
both train. notes/progs/optimtraj22/p10_mirror.py.
"""
from framework import distribute

from .gradients import _built_before_refusing, _cond_arguments

MERGE_CALL_IN_FUNCTION = (
    '`merge_call` called while defining a new graph or a tf.function. This can often happen if the function '
    '`fn` passed to `strategy.run()` contains a nested `@tf.function`, and the nested `@tf.function` contains a '
    'synchronization point, such as aggregating gradients (e.g, optimizer.apply_gradients), or if the function '
    '`fn` uses a control flow statement which contains a synchronization point in the body. Such behaviors are '
    'not yet supported. Instead, please avoid nested `tf.function`s or control flow statements that may '
    'potentially cross a synchronization boundary, for example, wrap the `fn` passed to `strategy.run` or the '
    'entire `strategy.run` inside a `tf.function` or move the control flow out of `fn`. If you are subclassing '
    'a `tf.keras.Model`, please avoid decorating overridden methods `test_step` and `train_step` in `tf.function`.')


def refuse_merge_call_in_cond(optimizer, variables=None):
    """Raise TF's RuntimeError where ``optimizer``'s traced apply would merge_call inside a cond (a
    LossScaleOptimizer's inner one's too): asked at a traced apply only (traced_hyperparameters.as_traced),
    and by a traced fit step before its forward pass (TF traces the whole step before running any of it:
    BatchNormalization's statistics and the loss tracker stay as they were). Given the apply's
    ``variables``, an unbuilt optimizer is built on them first: Keras's apply builds before its update's
    Cond fails, so TF 2.21's optimizer is built after the refusal."""
    if not distribute.MirroredStrategy.made:        # (asked at every traced apply: nothing to refuse, at once)
        return
    optimizer = getattr(optimizer, 'inner_optimizer', optimizer)
    if not (getattr(optimizer, 'gradient_accumulation_steps', None) or
            (getattr(optimizer, 'use_ema', False) and getattr(optimizer, 'ema_overwrite_frequency', None))):
        return
    context = distribute.get_replica_context()
    if context is None or not isinstance(context.strategy, distribute.MirroredStrategy):
        return
    if variables is not None:
        _built_before_refusing(optimizer, variables)
    from framework.keras.operation_call_errors import in_call
    error = in_call(RuntimeError(MERGE_CALL_IN_FUNCTION), 'Cond', _cond_arguments())
    error.add_note('%s with %s under MirroredStrategy trains only eagerly (run_eagerly=True, or strategy.run '
                   'outside a tf.function), as in TF 2.21' % (
                       type(optimizer).__name__, 'gradient_accumulation_steps' if optimizer.gradient_accumulation_steps
                       else 'use_ema and ema_overwrite_frequency'))
    raise error
