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
    """Write each variable's moving average into it."""
    for variable in var_list:
        variable._detach()
        variable._data[...] = slots.get(variable, 'average')._data
