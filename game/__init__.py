"""The pygame table: scenes, sprites, animation and sound over the headless engine."""
