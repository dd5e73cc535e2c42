"""What the normalization layers share: a learned scale ``gamma`` and offset ``beta``,
each optional, with their initializers, regularizers and constraints (Keras 3's names)."""
from . import constraints, initializers, regularizers


class ScaleOffsetOptions:
    """Mixin of layers that end in ``x * gamma + beta``."""

    def _set_scale_offset_options(self, center, scale, beta_initializer, gamma_initializer, beta_regularizer,
                                  gamma_regularizer, beta_constraint, gamma_constraint):
        self.center, self.scale = bool(center), bool(scale)
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.gamma = self.beta = None

    def _add_gamma_and_beta(self, shape, with_gamma=None, with_beta=None):
        """Adds gamma when ``with_gamma`` (default: ``scale``) and beta when ``with_beta`` (default: ``center``)."""
        if self.scale if with_gamma is None else with_gamma:
            self.gamma = self.add_weight(name='gamma', shape=shape, initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer, constraint=self.gamma_constraint)
        if self.center if with_beta is None else with_beta:
            self.beta = self.add_weight(name='beta', shape=shape, initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer, constraint=self.beta_constraint)

    def _scale_offset_config(self):
        """The six options in Keras 3's config order."""
        return {
            'beta_initializer': initializers.serialize(self.beta_initializer),
            'gamma_initializer': initializers.serialize(self.gamma_initializer),
            'beta_regularizer': regularizers.serialize(self.beta_regularizer),
            'gamma_regularizer': regularizers.serialize(self.gamma_regularizer),
            'beta_constraint': constraints.serialize(self.beta_constraint),
            'gamma_constraint': constraints.serialize(self.gamma_constraint),
        }
