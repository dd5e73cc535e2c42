"""The exponential moving average of the weights (Keras 3's ``use_ema``)."""


def update_moving_averages(slots, step, ema_momentum):
    """``average = m * average + (1 - m) * var`` for every variable with an 'average' slot;
    m is 0 on the first step (``step == 0``), so the average starts at the weights."""
    for variable in slots.model_variables():
        dtype = variable._data.dtype
        average = slots.get(variable, 'average')._data
        momentum = dtype.type(ema_momentum if step != 0 else 0.0)
        average[...] = momentum * average + (dtype.type(1) - momentum) * variable._data


def overwrite_with_averages(slots, var_list):
    """Write the moving averages into ``var_list`` by position, as Keras 3's TF backend zips the list with
    the averages it made at build: another model's variables take this one's averages, a shorter list the
    first ones, a variable of another shape raises TF's assign ValueError ("... Shape mismatch ...")."""
    averages = [slots.get(variable, 'average') for variable in slots.model_variables()]
    for variable, average in zip(var_list, averages):
        if variable._data.shape != average._data.shape:
            raise _shape_mismatch(variable, average)
        variable._detach()
        variable._data[...] = average._data


def _shape_mismatch(variable, average):
    """TF's assign error: Keras's TF backend assigns to the tf.Variable under a Keras variable, named by its path."""
    name = (variable.path if variable._path is not None else variable.name.split(':')[0]) + ':0'
    error = ValueError("Cannot assign value to variable ' %s': Shape mismatch.The variable shape %s, and the assigned "
                       'value shape %s are incompatible.' % (name, tuple(variable._data.shape),
                                                             tuple(average._data.shape)))
    error.add_note('finalize_variable_values pairs var_list with the moving averages by position, in the order the '
                   'optimizer was built with (pass the same trainable_variables list)')
    return error
