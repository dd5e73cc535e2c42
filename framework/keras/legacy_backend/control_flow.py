"""tf.keras.backend's control flow: ``K.rnn``, ``K.switch``, ``K.foldl`` / ``foldr``, ``K.map_fn``,
``K.stop_gradient``, ``K.gradients`` and ``K.name_scope``."""
import framework as tf
from .shapes import expand_dims, ndim, reverse

__all__ = ['foldl', 'foldr', 'gradients', 'map_fn', 'name_scope', 'rnn', 'stop_gradient', 'switch']


def foldl(fn, elems, initializer=None, name=None):
    return tf.foldl(fn, elems, initializer=initializer, name=name)


def foldr(fn, elems, initializer=None, name=None):
    return tf.foldr(fn, elems, initializer=initializer, name=name)


def map_fn(fn, elems, name=None, dtype=None):
    return tf.map_fn(fn, elems, dtype=dtype, name=name)


def gradients(loss, variables):
    """tf.gradients: TF 1 graph mode only, so it raises TensorFlow's eager-mode RuntimeError."""
    return tf.compat.v1.gradients(loss, variables)


def stop_gradient(variables):
    """tf.stop_gradient of a tensor, or a lazy ``map`` of it over a list (as Keras 2 returns)."""
    if isinstance(variables, (list, tuple)):
        return map(tf.stop_gradient, variables)
    return tf.stop_gradient(variables)


def name_scope(name):
    return tf.name_scope(name)


def switch(condition, then_expression, else_expression):
    """then_expression where ``condition`` holds, else else_expression. A scalar condition picks one
    (either may be a callable, called only if picked); a tensor condition selects elementwise, its
    shape padded with trailing 1s and tiled to the expressions'.

    Raises:
        ValueError: a condition of higher rank than the expressions.
    """
    condition = tf.convert_to_tensor(condition)
    if condition.dtype != tf.bool:
        condition = tf.cast(condition, 'bool')
    if not ndim(condition):
        then_fn = then_expression if callable(then_expression) else (lambda: then_expression)
        else_fn = else_expression if callable(else_expression) else (lambda: else_expression)
        return tf.cond(condition, then_fn, else_fn)
    then_expression = then_expression() if callable(then_expression) else then_expression
    else_expression = else_expression() if callable(else_expression) else else_expression
    cond_rank, expr_rank = ndim(condition), ndim(then_expression)
    if cond_rank > expr_rank:
        raise ValueError('Rank of `condition` should be less than or equal to rank of `then_expression` and '
                         '`else_expression`. ndim(condition)=%d, ndim(then_expression)=%d' % (cond_rank, expr_rank))
    if cond_rank > 1:
        cond_shape = condition.shape.as_list() + [1] * (expr_rank - cond_rank)
        expr_shape = tf.convert_to_tensor(then_expression).shape.as_list()
        condition = tf.tile(tf.reshape(condition, cond_shape),
                            [e if e > c else 1 for e, c in zip(expr_shape, cond_shape)])
    return tf.where(condition, then_expression, else_expression)


def _time_first(x):
    axes = list(range(len(x.shape)))
    axes[0], axes[1] = 1, 0
    return tf.transpose(x, axes)


def _masked(keep, new, old):
    """``new`` where ``keep`` (batch,) holds, else ``old``, ``keep`` widened to new's shape."""
    keep = tf.reshape(keep, [-1] + [1] * (len(new.shape) - 1))
    return tf.where(tf.broadcast_to(keep, tf.shape(new)), new, old)


def _zeroed_steps(keep, outputs):
    """``outputs`` (time, batch, ...) zeroed where ``keep`` (time, batch) is False."""
    keep = tf.reshape(keep, list(keep.shape) + [1] * (len(outputs.shape) - 2))
    return tf.where(keep, outputs, tf.zeros_like(outputs))


def rnn(step_function, inputs, initial_states, go_backwards=False, mask=None, constants=None, unroll=False,
        input_length=None, time_major=False, zero_output_for_mask=False, return_all_outputs=True):
    """Run ``step_function(input_t, states + constants) -> (output_t, new_states)`` over the time
    axis (1, or 0 if ``time_major``) of ``inputs`` (a tensor or a nest of them).

    Returns:
        (last_output, outputs, new_states): outputs stacked on the time axis in the order the steps
        ran (reversed inputs when ``go_backwards``), only the last one if not ``return_all_outputs``.
        Where ``mask`` (batch, time) is False a step keeps the previous output and states (its
        output is zeros instead with ``zero_output_for_mask``). ``unroll`` changes nothing here:
        tapeflow runs every step eagerly either way.
    """
    if not time_major:
        inputs = tf.nest.map_structure(_time_first, inputs)
    flat_inputs = tf.nest.flatten(inputs)
    steps = int(flat_inputs[0].shape[0])
    keep = None
    if mask is not None:
        mask = tf.convert_to_tensor(mask)
        mask = tf.cast(mask, tf.bool) if mask.dtype != tf.bool else mask
        if len(mask.shape) == 2:
            mask = expand_dims(mask)
        keep = _time_first(mask) if not time_major else mask                     # (time, batch, 1)
        keep = tf.reshape(keep, [steps, -1])
        if go_backwards:
            keep = reverse(keep, 0)
    elif input_length is not None and tf.is_tensor(input_length):
        lengths = tf.reshape(input_length, [1, -1])
        times = tf.reshape(tf.range(steps), [-1, 1])
        if go_backwards:    # Keras 2 counts backwards from the longest length
            keep = tf.less(tf.reduce_max(input_length) - 1 - lengths, times)
        else:
            keep = tf.greater(lengths, times)
    constants = list(constants or [])
    states = tuple(initial_states)
    outputs, previous = [], None
    order = range(steps - 1, -1, -1) if go_backwards else range(steps)
    for i, t in enumerate(order):
        input_t = tf.nest.pack_sequence_as(inputs, [x[t] for x in flat_inputs])
        output, new_states = step_function(input_t, tuple(states) + tuple(constants))
        if keep is not None:
            if previous is None:
                previous = tf.nest.map_structure(tf.zeros_like, output)
            zeroed_now = zero_output_for_mask and not (unroll and mask is not None)    # unrolled: after the loop
            fallback = tf.nest.map_structure(tf.zeros_like, output) if zeroed_now else previous
            output = tf.nest.map_structure(lambda o, f: _masked(keep[i], o, f), output, fallback)
            flat_new = [_masked(keep[i], n, s) for n, s in zip(tf.nest.flatten(new_states), tf.nest.flatten(states))]
            new_states = tf.nest.pack_sequence_as(states, flat_new)
        previous, states = output, new_states
        outputs = outputs + [output] if return_all_outputs else [output]
    stacked = tf.nest.map_structure(lambda *o: tf.stack(o), *outputs)
    last_output = outputs[-1]
    if unroll and zero_output_for_mask and mask is not None:
        # Keras's unrolled loop carries masked steps' outputs, then zeros them with the mask as given
        # (not reversed for go_backwards; TF 2.21 zeros other steps than the masked ones then), the
        # last output with the last step's
        given = reverse(keep, 0) if go_backwards else keep
        if not return_all_outputs and steps > 1:
            # the one kept step's outputs broadcast over the mask's steps, and Keras's set_shape refuses them
            one = tuple(tf.nest.flatten(stacked)[0].shape)
            raise ValueError("Tensor's shape %s is not compatible with supplied shape %s."
                             % ((steps,) + one[1:], one))
        stacked = tf.nest.map_structure(lambda o: _zeroed_steps(given, o), stacked)
        last_output = tf.nest.map_structure(lambda o: _masked(keep[-1], o, tf.zeros_like(o)), last_output)
    if not time_major:
        stacked = tf.nest.map_structure(_time_first, stacked)
    return last_output, stacked, _as_returned(states, unroll)


def _as_returned(states, unroll):
    # Keras 2's unrolled loop hands back the step function's own container (a tuple when masked),
    # its while loop a tuple.
    return states if unroll else tuple(states)
