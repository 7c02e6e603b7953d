public enum ShotLogPlaceholder {}
