"""AdamW: Adam with decoupled weight decay, as Keras 3."""
from .adam import Adam


class AdamW(Adam):
    """Adam plus decoupled weight decay; matches ``keras.optimizers.AdamW``.

    Before each Adam update (see ``Adam``): ``var -= var * weight_decay * lr``
    (Loshchilov & Hutter, 2019). ``weight_decay`` defaults to 0.004 and must
    not be None; ``exclude_from_weight_decay`` exempts variables.
    """

    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2, epsilon=epsilon,
                         amsgrad=amsgrad, weight_decay=weight_decay, clipnorm=clipnorm, clipvalue=clipvalue,
                         global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        # checked after the base __init__ as Keras does, so a refused AdamW uses up its auto name too
        if weight_decay is None:
            raise ValueError('Argument `weight_decay` must be a float. Received: weight_decay=None')
